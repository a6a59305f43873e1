import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { identityCall } from '../lib/identity-client';
import { useAuthNav } from './auth-nav';
import { handOffUsername, peekNotice, readHandedOffUsername, storeNotice, takeNotice } from './auth-storage';
import { AuthCard, AuthLink, Button, CodeInput, Notice, PasswordInput, TextInput } from './light-ui';
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
  const nav = useAuthNav();
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
      nav.navigate('/login');
    } catch (cause) {
      setError(`${t('messages.resetPassword')} ${identityErrorMessage(t, cause)}`);
    }
  });

  const usernameField = register('username', { validate: (value) => validateUsername(t, value) });
  const codeField = register('code', { validate: (value) => (sentTo ? validateRequired(t, value) : true) });
  const passwordField = register('newPassword', { validate: (value) => (sentTo ? validateNewPassword(t, value) : true) });

  return (
    <AuthCard title={t('forgot.title')}>
      {resetRequired && !sentTo && <Notice severity="info">{t('forgot.resetRequired')}</Notice>}
      {error && <Notice severity="error">{error}</Notice>}
      {sentTo ? (
        <form className="gw-form" noValidate onSubmit={confirm} key="confirm">
          <p className="gw-text">{t('forgot.codeBody', { destination: sentTo.destination })}</p>
          <CodeInput {...codeField} error={formState.errors.code?.message} />
          <PasswordInput
            {...passwordField}
            label={t('fields.newPassword')}
            autoComplete="new-password"
            error={formState.errors.newPassword?.message}
          />
          <Button type="submit" variant="contained" large loading={formState.isSubmitting}>
            {t('forgot.submit')}
          </Button>
        </form>
      ) : (
        <form className="gw-form" noValidate onSubmit={send} key="send">
          <p className="gw-text">{t('forgot.body')}</p>
          <TextInput {...usernameField} label={t('fields.username')} autoComplete="username" error={formState.errors.username?.message} />
          <Button type="submit" variant="contained" large loading={formState.isSubmitting}>
            {t('forgot.send')}
          </Button>
        </form>
      )}
      <AuthLink href="/login">{t('login.back')}</AuthLink>
    </AuthCard>
  );
}
