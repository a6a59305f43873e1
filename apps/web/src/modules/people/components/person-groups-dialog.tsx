import { personName } from '@groundwork/core/names';
import { Alert, Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, LinearProgress, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { peopleKeys } from '../api/keys';
import { updateUserGroupsForUser } from '../api/mutations';
import { type Person, userGroupsQueryOptions } from '../api/queries';
import { serverMessage } from '../lib/errors';

interface PersonGroupsDialogProps {
  tenant: string;
  person: Person;
  onClose: () => void;
}

/** updateUserGroupsForUser: the person ends up in exactly the ticked groups. */
export function PersonGroupsDialog({ tenant, person, onClose }: PersonGroupsDialogProps) {
  const { t } = useTranslation('people');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const groups = useQuery(userGroupsQueryOptions(tenant));
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const current = new Set((groups.data ?? []).filter((g) => g.usergroup_users.some((u) => u.id === person.id)).map((g) => g.id));
  const selected = chosen ?? current;
  const title = t('personGroups.title', { name: personName(person) });

  const save = useMutation({
    mutationFn: () =>
      updateUserGroupsForUser(
        tenant,
        person.id,
        [...selected].sort((a, b) => a - b),
      ),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('messages.personGroupsUpdated') });
      onClose();
    },
    onError: (error) => snackbar.show({ color: 'error', message: serverMessage(error, t('messages.personGroupsFailed'), t) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.groups(tenant) }),
  });

  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      title={title}
      loading={save.isPending}
      actionButtonDisabled={!groups.data}
      cancelButton={{ onClick: onClose, label: t('form.cancel') }}
      actionButton={{ onClick: () => save.mutate(), label: t('form.save') }}
    >
      {groups.isPending && <LinearProgress aria-label={t('groups.loading')} />}
      {groups.isError && <Alert severity="error">{t('messages.fetchGroupsFailed')}</Alert>}
      {groups.data && groups.data.length === 0 && <Typography>{t('groups.empty')}</Typography>}
      {groups.data && groups.data.length > 0 && (
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('personGroups.legend')}</FormLabel>
          <FormGroup>
            {groups.data.map((group) => (
              <FormControlLabel
                key={group.id}
                control={<Checkbox checked={selected.has(group.id)} onChange={(event) => toggle(group.id, event.target.checked)} />}
                label={group.status === 1 ? group.usergroup : t('groups.inactiveName', { name: group.usergroup })}
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
    </AppDialog>
  );
}
