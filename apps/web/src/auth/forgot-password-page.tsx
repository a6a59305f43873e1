import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { identityCall } from '../lib/identity-client';
import { AuthCard } from './auth-card';
import { handOffUsername, peekNotice, readHandedOffUsername, storeNotice, takeNotice } from './auth-storage';
import { AuthLink, CodeField, PasswordField } from './fields';
import { identityErrorMessage } from './messages';
import { toCanonical, validateNewPassword, validateRequired, validateUsername } from './validation';

type Form = { username: string; code: string; newPassword: string };

/**
 * ForgotPassword → code + new password (CONFIRM_RESET_PASSWORD_WITH_CODE) → ConfirmForgotPassword → /login.
 * Sign-in sends people here too when their password must be reset (RESET_PASSWORD): then the username is
 * prefilled and a notice says why.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [resetRequired] = useState(() => peekNotice() === 'passwordResetRequired');
  // Shown for this visit only; a later visit to the page is an ordinary forgotten password.
  useEffect(() => {
    if (resetRequired) takeNotice();
  }, [resetRequired]);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<{ username: string; destination: string } | null>(null);
  const { register, handleSubmit, formState } = useForm<Form>({
    mode: 'onTouched',
    defaultValues: { username: readHandedOffUsername(), code: '', newPassword: '' },
  });

  const send = handleSubmit(async ({ username }) => {
    const name = toCanonical(username);
    setError(null);
    try {
      const result = await identityCall('ForgotPassword', { username: name });
      setSentTo({ username: name, destination: result.codeDelivery?.destination ?? name });
    } catch (cause) {
      setError(identityErrorMessage(t, cause));
    }
  });

  const confirm = handleSubmit(async ({ code, newPassword }) => {
    if (!sentTo) return;
    setError(null);
    try {
      await identityCall('ConfirmForgotPassword', { username: sentTo.username, code: code.trim(), newPassword });
      handOffUsername(sentTo.username);
      storeNotice('passwordReset');
      await navigate({ to: '/login' });
    } catch (cause) {
      setError(`${t('messages.resetPassword')} ${identityErrorMessage(t, cause)}`);
    }
  });

  const usernameField = register('username', { validate: (value) => validateUsername(t, value) });
  const codeField = register('code', { validate: (value) => (sentTo ? validateRequired(t, value) : true) });
  const passwordField = register('newPassword', { validate: (value) => (sentTo ? validateNewPassword(t, value) : true) });

  return (
    <AuthCard title={t('forgot.title')}>
      {resetRequired && !sentTo && (
        <Alert severity="info" role="status">
          {t('forgot.resetRequired')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {sentTo ? (
        <Stack component="form" noValidate spacing={2} onSubmit={confirm} key="confirm">
          <Typography>{t('forgot.codeBody', { destination: sentTo.destination })}</Typography>
          <CodeField {...codeField} error={Boolean(formState.errors.code)} helperText={formState.errors.code?.message ?? ' '} />
          <PasswordField
            {...passwordField}
            label={t('fields.newPassword')}
            autoComplete="new-password"
            error={Boolean(formState.errors.newPassword)}
            helperText={formState.errors.newPassword?.message ?? ' '}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            {t('forgot.submit')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={send} key="send">
          <Typography>{t('forgot.body')}</Typography>
          <TextField
            {...usernameField}
            inputRef={usernameField.ref}
            ref={undefined}
            label={t('fields.username')}
            autoComplete="username"
            error={Boolean(formState.errors.username)}
            helperText={formState.errors.username?.message ?? ' '}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            {t('forgot.send')}
          </Button>
        </Stack>
      )}
      <AuthLink href="/login">{t('login.back')}</AuthLink>
    </AuthCard>
  );
}
