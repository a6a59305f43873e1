import { isEmail, isPhone, normalizePhone } from '@groundwork/core/identity';
import { isBirthdate, TRADE_MAX_LENGTH, TRADES_MAX } from '@groundwork/core/profile';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Chip, Grid, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../../components/date-field';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { type Profile, type ProfileInput, profileStaticDataQueryOptions, useUpdateProfile } from '../api/profile-api';
import { readTrades } from '../trades';

const optional = (t: TFunction<'profile'>, max: number) =>
  z
    .string()
    .trim()
    .max(max, t('validation.max', { count: max }));

/** The rules of core's profileUpdateSchema, with the messages in the person's language. */
function profileFormSchema(t: TFunction<'profile'>) {
  return z.object({
    firstname: optional(t, 100),
    lastname: optional(t, 100),
    email: optional(t, 256).refine((v) => v === '' || isEmail(v), t('validation.email')),
    cellphone: z
      .string()
      .trim()
      .refine((v) => v === '' || (isPhone(v) && normalizePhone(v) !== null), t('validation.phone')),
    street: optional(t, 200),
    street2: optional(t, 200),
    city: optional(t, 100),
    state: optional(t, 50),
    zip: optional(t, 20).regex(/^[A-Za-z0-9 -]*$/, t('validation.zip')),
    birthdate: z.string().refine((v) => v === '' || isBirthdate(v), t('validation.date')),
    trades: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(TRADE_MAX_LENGTH, t('validation.max', { count: TRADE_MAX_LENGTH })),
      )
      .max(TRADES_MAX),
  });
}
type FormValues = z.infer<ReturnType<typeof profileFormSchema>>;

const TEXT_FIELDS = ['firstname', 'lastname', 'email', 'cellphone', 'street', 'street2', 'city', 'state', 'zip'] as const;

function valuesFrom(profile: Profile): FormValues {
  return {
    firstname: profile.firstname ?? '',
    lastname: profile.lastname ?? '',
    email: profile.email ?? '',
    cellphone: profile.cellphone ?? '',
    street: profile.street ?? '',
    street2: profile.street2 ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zip: profile.zip ?? '',
    birthdate: profile.birthdate ?? '',
    trades: readTrades(profile.trades),
  };
}

/** Spec §8 "Profile update": only non-empty fields are sent; trades always, even as an empty list. */
export function profilePayload(values: FormValues): ProfileInput {
  const payload: Record<string, string> = {};
  for (const key of [...TEXT_FIELDS, 'birthdate'] as const) {
    const value = values[key].trim();
    if (value) payload[key] = value;
  }
  payload.trades = JSON.stringify(values.trades.map((trade) => trade.trim()).filter(Boolean));
  return payload;
}

interface ProfileEditDialogProps {
  open: boolean;
  onClose: () => void;
  profile: Profile;
  tenant: string;
  cognitoUuid: string;
}

export function ProfileEditDialog({ open, onClose, profile, tenant, cognitoUuid }: ProfileEditDialogProps) {
  const { t } = useTranslation('profile');
  const { show } = useSnackbar();
  const update = useUpdateProfile(tenant, cognitoUuid);
  // Suggestions only: any trade may be typed, and the dialog works without them.
  const tradeOptions = useQuery({ ...profileStaticDataQueryOptions(), enabled: open }).data?.trades ?? [];
  const schema = useMemo(() => profileFormSchema(t), [t]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: valuesFrom(profile) });

  // Each opening starts from what is stored now.
  useEffect(() => {
    if (open) reset(valuesFrom(profile));
  }, [open, profile, reset]);

  const save = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(profilePayload(values));
      show({ message: t('messages.updated'), color: 'success' });
      onClose();
    } catch (error) {
      console.error('updateEmployeeUserInfo failed', error);
      show({ message: t('messages.updateFailed'), color: 'error' });
    }
  });

  const text = (name: (typeof TEXT_FIELDS)[number], extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`fields.${name}`)}
      fullWidth
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      {...extra}
    />
  );

  return (
    <AppDialog
      open={open}
      onClose={() => {
        if (!update.isPending) onClose();
      }}
      title={t('page.edit')}
      editMode
      width={640}
      loading={update.isPending}
      cancelButton={{ onClick: onClose }}
      actionButton={{ onClick: () => void save() }}
      actionButtonDisabled={!isDirty}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{text('firstname', { autoComplete: 'given-name' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('lastname', { autoComplete: 'family-name' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('email', { type: 'email', autoComplete: 'email' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('cellphone', { type: 'tel', autoComplete: 'tel' })}</Grid>
          <Grid size={12}>{text('street', { autoComplete: 'address-line1' })}</Grid>
          <Grid size={12}>{text('street2', { autoComplete: 'address-line2' })}</Grid>
          <Grid size={{ xs: 12, sm: 5 }}>{text('city', { autoComplete: 'address-level2' })}</Grid>
          <Grid size={{ xs: 6, sm: 3 }}>{text('state', { autoComplete: 'address-level1' })}</Grid>
          <Grid size={{ xs: 6, sm: 4 }}>{text('zip', { autoComplete: 'postal-code' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateField
              label={t('fields.birthdate')}
              fullWidth
              autoComplete="bday"
              {...register('birthdate')}
              error={Boolean(errors.birthdate)}
              helperText={errors.birthdate?.message}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="trades"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  freeSolo
                  options={tradeOptions}
                  value={field.value}
                  onChange={(_event, value) => field.onChange(value.map(String).filter((v) => v.trim()))}
                  renderValue={(value, getItemProps) =>
                    value.map((option, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} label={option} size="small" {...itemProps} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('fields.trades')}
                      error={Boolean(errors.trades)}
                      helperText={errors.trades?.message ?? t('tradesHelp')}
                      onBlur={(event) => {
                        // A typed trade that was never confirmed with Enter is kept, not lost.
                        const typed = event.target.value.trim();
                        if (typed && !field.value.includes(typed)) field.onChange([...field.value, typed]);
                        field.onBlur();
                      }}
                    />
                  )}
                />
              )}
            />
          </Grid>
        </Grid>
      </form>
    </AppDialog>
  );
}
