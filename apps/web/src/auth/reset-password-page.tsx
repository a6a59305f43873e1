import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { identityCall } from '../lib/identity-client';
import { useAuthNav } from './auth-nav';
import { readHandedOffUsername, readPendingSignIn } from './auth-storage';
import { AuthCard, AuthLink, Button, Notice, PasswordInput, TextInput } from './light-ui';
import { identityErrorMessage } from './messages';
import { isStepOutcome, useApplySignIn } from './use-sign-in';
import { validateNewPassword } from './validation';

/** CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED (spec §2): prefilled username, an information message, a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const nav = useAuthNav();
  const applySignIn = useApplySignIn();
  const [pending] = useState(readPendingSignIn);
  const [error, setError] = useState<string | null>(pending ? null : t('reset.noPending'));
  const username = pending?.username ?? readHandedOffUsername();
  const { register, handleSubmit, formState } = useForm<{ newPassword: string }>({ mode: 'onTouched', defaultValues: { newPassword: '' } });
  const passwordField = register('newPassword', { validate: (value) => validateNewPassword(t, value) });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    // Spec §4: the pending state lasts 180 s; after that the person starts again.
    const current = readPendingSignIn();
    if (!current?.result.session) {
      setError(t('reset.noPending'));
      return;
    }
    setError(null);
    try {
      const result = await identityCall('RespondToAuthChallenge', { session: current.result.session, answer: newPassword });
      const outcome = await applySignIn(current.username, result);
      // Further steps (MFA codes) are shown by the login page, which resumes the pending state.
      if (isStepOutcome(outcome)) nav.navigate('/login');
    } catch (cause) {
      setError(`${t('messages.resetPassword')} ${identityErrorMessage(t, cause)}`);
    }
  });

  return (
    <AuthCard title={t('reset.title')}>
      <Notice severity="info">{t('reset.info')}</Notice>
      {error && <Notice severity="error">{error}</Notice>}
      <form className="gw-form" noValidate onSubmit={onSubmit}>
        <TextInput label={t('fields.username')} value={username} autoComplete="username" readOnly />
        <PasswordInput
          {...passwordField}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          autoFocus
        />
        <Button type="submit" variant="contained" large loading={formState.isSubmitting} disabled={!pending}>
          {t('reset.submit')}
        </Button>
      </form>
      <AuthLink href="/login">{t('login.back')}</AuthLink>
    </AuthCard>
  );
}
