import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../auth/fields';
import { identityErrorMessage } from '../../../auth/messages';
import { validateNewPassword } from '../../../auth/validation';
import { useSnackbar } from '../../../shell/snackbar';
import { passwordAction } from '../password-actions';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Spec §7 ChangePassword (old and new), with the identity messages of spec §8 on failure. */
export function ChangePassword() {
  const { t } = useTranslation('profile');
  const { t: tAuth } = useTranslation('auth');
  const { show } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ defaultValues: { oldPassword: '', newPassword: '', confirm: '' } });

  const submit = handleSubmit(async ({ oldPassword, newPassword }) => {
    setError(null);
    try {
      await passwordAction('ChangePassword', { oldPassword, newPassword });
      reset();
      show({ message: t('password.changed'), color: 'success' });
    } catch (caught) {
      setError(identityErrorMessage(tAuth, caught));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="change-password-title">
      <Typography id="change-password-title" variant="subtitle1" component="h3">
        {t('password.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('password.intro')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <PasswordField
        label={t('password.old')}
        autoComplete="current-password"
        {...register('oldPassword', { validate: (v) => (v ? true : t('validation.required')) })}
        error={Boolean(errors.oldPassword)}
        helperText={errors.oldPassword?.message}
      />
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        {...register('newPassword', {
          validate: (v) => {
            const rule = validateNewPassword(tAuth, v);
            if (rule !== true) return rule;
            return v === getValues('oldPassword') ? t('validation.sameAsOld') : true;
          },
        })}
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword?.message}
      />
      <PasswordField
        label={t('password.confirm')}
        autoComplete="new-password"
        {...register('confirm', { validate: (v) => (v === getValues('newPassword') ? true : t('validation.passwordMismatch')) })}
        error={Boolean(errors.confirm)}
        helperText={errors.confirm?.message}
      />
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('password.submit')}
      </Button>
    </Stack>
  );
}
