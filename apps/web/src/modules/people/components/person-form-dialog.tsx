import { employeeFields, MESSAGES } from '@groundwork/core/people';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../../components/date-field';
import { translateFieldError } from '../../../lib/field-errors';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { peopleKeys } from '../api/keys';
import { createPerson, type PersonInput, updatePerson } from '../api/mutations';
import { type Person, staticDataQueryOptions } from '../api/queries';
import { serverMessage } from '../lib/errors';
import { parseTrades, serializeTrades } from '../lib/format';

const TEXT_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'private_email',
  'cellphone',
  'street',
  'street2',
  'city',
  'state',
  'zip',
  'birthdate',
  'hiredate',
  'skills',
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];

export type PersonFormValues = Record<TextFieldName, string> & { trades: string[] };

// Spec §5 phone shape: 10 to 15 characters of an optional +, digits, spaces, parentheses and hyphens.
const PHONE = /^\+?[\d\s()-]{10,15}$/;

function personInputFromForm(values: PersonFormValues): PersonInput {
  const input: Record<string, string | null> = {};
  for (const name of TEXT_FIELDS) {
    const value = values[name].trim();
    input[name] = value === '' ? null : value;
  }
  return { ...input, trades: serializeTrades(values.trades) } as PersonInput;
}

// The shared field rules (also the server's) on what will be sent, plus what a person record needs here.
const personFormSchema = z.preprocess(
  (values) => personInputFromForm(values as PersonFormValues),
  z.intersection(
    employeeFields,
    z.object({
      firstname: z.string(MESSAGES.required).min(1, MESSAGES.required),
      cellphone: z.string().regex(PHONE, 'Invalid format').nullable(),
    }),
  ),
);

function formValuesFromPerson(person: Person | null): PersonFormValues {
  const values = {} as PersonFormValues;
  for (const name of TEXT_FIELDS) values[name] = (person?.[name] as string | null | undefined) ?? '';
  values.trades = parseTrades(person?.trades);
  return values;
}

interface PersonFormDialogProps {
  tenant: string;
  /** The person to edit; null adds one. */
  person: Person | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

export function PersonFormDialog({ tenant, person, onClose, onSaved }: PersonFormDialogProps) {
  const { t } = useTranslation('people');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { control, handleSubmit, register, formState } = useForm<PersonFormValues>({
    defaultValues: formValuesFromPerson(person),
    // The schema reads form values (preprocess) and checks what will be sent; errors keep the form's field names.
    // raw: submit gets the form's own values, not the checked payload (personInputFromForm builds that again).
    resolver: zodResolver(personFormSchema as unknown as z.ZodType<PersonFormValues, PersonFormValues>, undefined, {
      raw: true,
    }) as unknown as Resolver<PersonFormValues>,
    mode: 'onTouched',
  });
  // Suggestions only: a trade or state that is not in the lists can still be typed.
  const staticData = useQuery(staticDataQueryOptions());
  const error = (name: keyof PersonFormValues) => {
    const message = formState.errors[name]?.message;
    return { error: Boolean(message), helperText: translateFieldError(t, message) };
  };
  const text = (name: TextFieldName) => ({ label: t(`fields.${name}`), ...register(name), ...error(name) });

  const save = useMutation({
    mutationFn: async (values: PersonFormValues) => {
      const input = personInputFromForm(values);
      if (person) {
        await updatePerson(tenant, { ...input, id: person.id });
        return person.id;
      }
      return createPerson(tenant, { ...input, status: 1 });
    },
    onSuccess: (id) => {
      snackbar.show({ color: 'success', message: person ? t('messages.updated') : t('messages.added') });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all(tenant) });
      onClose();
      if (id) onSaved?.(id);
    },
    onError: (err) =>
      snackbar.show({ color: 'error', message: serverMessage(err, person ? t('messages.updateFailed') : t('messages.addFailed'), t) }),
  });
  const submit = handleSubmit((values) => save.mutate(values));
  const title = person ? t('form.editTitle') : t('form.createTitle');

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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...text('firstname')} required autoComplete="off" sx={{ flex: 1 }} />
          <TextField {...text('lastname')} autoComplete="off" sx={{ flex: 1 }} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...text('email')} type="email" autoComplete="off" sx={{ flex: 1 }} />
          <TextField {...text('cellphone')} type="tel" autoComplete="off" sx={{ flex: 1 }} />
        </Stack>
        <TextField {...text('private_email')} type="email" autoComplete="off" />
        <Typography variant="subtitle2" component="h3">
          {t('form.work')}
        </Typography>
        <Controller
          control={control}
          name="trades"
          render={({ field }) => (
            <Autocomplete
              multiple
              freeSolo
              autoSelect
              options={staticData.data?.trades ?? []}
              value={field.value}
              onChange={(_event, value) => field.onChange(value.map((v) => String(v).trim()).filter(Boolean))}
              renderValue={(value, getItemProps) =>
                value.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={option} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField {...params} label={t('fields.trades')} helperText={t('form.tradesHelp')} onBlur={field.onBlur} />
              )}
            />
          )}
        />
        <TextField {...text('skills')} multiline minRows={2} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField {...text('hiredate')} sx={{ flex: 1 }} />
          <DateField {...text('birthdate')} sx={{ flex: 1 }} />
        </Stack>
        <Typography variant="subtitle2" component="h3">
          {t('fields.address')}
        </Typography>
        <TextField {...text('street')} autoComplete="off" />
        <TextField {...text('street2')} autoComplete="off" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...text('city')} autoComplete="off" sx={{ flex: 2 }} />
          <Controller
            control={control}
            name="state"
            render={({ field, fieldState }) => (
              <Autocomplete
                freeSolo
                autoSelect
                options={staticData.data?.states.map((s) => s.code) ?? []}
                getOptionLabel={(code) => {
                  const state = staticData.data?.states.find((s) => s.code === code);
                  return state ? `${state.code} – ${state.name}` : code;
                }}
                value={field.value || null}
                onChange={(_event, value) => field.onChange(value ?? '')}
                onInputChange={(_event, value, reason) => {
                  if (reason === 'input') field.onChange(value);
                }}
                sx={{ flex: 1 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('fields.state')}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={translateFieldError(t, fieldState.error?.message)}
                  />
                )}
              />
            )}
          />
          <TextField {...text('zip')} autoComplete="off" sx={{ flex: 1 }} />
        </Stack>
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </AppDialog>
  );
}
