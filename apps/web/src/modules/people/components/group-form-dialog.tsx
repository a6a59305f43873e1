import { personName } from '@groundwork/core/names';
import { userGroupName } from '@groundwork/core/people';
import { PERMISSIONS } from '@groundwork/core/permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { translateFieldError } from '../../../lib/field-errors';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { peopleKeys } from '../api/keys';
import { createUserGroup, updateUserGroup } from '../api/mutations';
import { everyoneQueryOptions, permissionsQueryOptions, type UserGroup } from '../api/queries';
import { serverMessage } from '../lib/errors';
import type { NamedPerson } from '../lib/format';

const groupSchema = z.object({
  usergroup_name: userGroupName,
  access: z.array(z.string()),
  users: z.array(z.object({ id: z.number() }).loose()),
  active: z.boolean(),
});

interface GroupFormValues {
  usergroup_name: string;
  access: string[];
  users: NamedPerson[];
  active: boolean;
}

interface GroupFormDialogProps {
  tenant: string;
  /** The group to edit; null creates one. */
  group: UserGroup | null;
  onClose: () => void;
}

export function GroupFormDialog({ tenant, group, onClose }: GroupFormDialogProps) {
  const { t } = useTranslation('people');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const permissions = useQuery(permissionsQueryOptions(tenant));
  const people = useQuery(everyoneQueryOptions(tenant, 1));
  const { control, register, handleSubmit, formState } = useForm<GroupFormValues>({
    defaultValues: {
      usergroup_name: group?.usergroup ?? '',
      access: group ? [...group.usergroup_permissions] : [],
      users: group ? group.usergroup_users.map((u) => ({ ...u })) : [],
      active: group ? group.status === 1 : true,
    },
    resolver: zodResolver(groupSchema) as unknown as Resolver<GroupFormValues>,
    mode: 'onTouched',
  });

  // The server's list, in spec §6 order; the shared constant until it loads (same names, same order).
  const names = permissions.data?.map((p) => p.id) ?? [...PERMISSIONS];

  const save = useMutation({
    mutationFn: async (values: GroupFormValues) => {
      const draft = {
        usergroup_name: values.usergroup_name.trim(),
        access: names.filter((n) => values.access.includes(n)),
        users: [...new Set(values.users.map((u) => u.id))].sort((a, b) => a - b),
      };
      if (!group) return createUserGroup(tenant, draft);
      // What was loaded goes back as "previous": a change made meanwhile by someone else is refused, not overwritten.
      return updateUserGroup(
        tenant,
        group.id,
        { ...draft, status: values.active ? 1 : 0 },
        { access: group.usergroup_permissions, users: group.usergroup_users.map((u) => u.id) },
      );
    },
    onSuccess: () => {
      snackbar.show({ color: 'success', message: group ? t('messages.groupUpdated') : t('messages.groupAdded') });
      onClose();
    },
    onError: (error) =>
      snackbar.show({
        color: 'error',
        message: serverMessage(error, group ? t('messages.groupUpdateFailed') : t('messages.groupAddFailed'), t),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.groups(tenant) }),
  });
  const submit = handleSubmit((values) => save.mutate(values));
  const title = group ? t('groupForm.editTitle', { name: group.usergroup }) : t('groupForm.createTitle');

  return (
    <AppDialog
      open
      onClose={onClose}
      title={title}
      loading={save.isPending}
      width={640}
      editMode
      cancelButton={{ onClick: onClose, label: t('form.cancel') }}
      actionButton={{ onClick: () => void submit(), label: t('form.save') }}
    >
      <Stack component="form" spacing={2} sx={{ pt: 1 }} noValidate onSubmit={submit} aria-label={title}>
        <TextField
          label={t('groupForm.name')}
          required
          autoComplete="off"
          {...register('usergroup_name')}
          error={Boolean(formState.errors.usergroup_name)}
          helperText={translateFieldError(t, formState.errors.usergroup_name?.message)}
        />
        {group && (
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('groupForm.active')}
              />
            )}
          />
        )}
        {permissions.isError && <Alert severity="warning">{t('messages.fetchPermissionsFailed')}</Alert>}
        <Controller
          control={control}
          name="access"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('groupForm.permissions')}</FormLabel>
              <FormHelperText sx={{ mx: 0 }}>{t('groupForm.permissionsHelp')}</FormHelperText>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {names.map((name) => (
                  <FormControlLabel
                    key={name}
                    control={
                      <Checkbox
                        checked={field.value.includes(name)}
                        onChange={(event) =>
                          field.onChange(event.target.checked ? [...field.value, name] : field.value.filter((n) => n !== name))
                        }
                      />
                    }
                    label={t(`permissions.${name}` as 'permissions.admin_access', { defaultValue: name })}
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="users"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={people.data ?? []}
              loading={people.isPending}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              getOptionLabel={(option) => personName(option)}
              getOptionKey={(option) => option.id}
              filterSelectedOptions
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('groupForm.members')}
                  onBlur={field.onBlur}
                  helperText={people.isError ? t('messages.fetchFailed') : undefined}
                  error={people.isError}
                />
              )}
            />
          )}
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </AppDialog>
  );
}
