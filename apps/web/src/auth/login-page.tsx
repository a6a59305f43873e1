import { PASSKEY_REDIRECT_DELAY_MS, PENDING_SIGN_IN_SECONDS, shouldPromptPasskey, suggestPasswordLogin } from '@groundwork/core/identity';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { identityCall, takeSessionExpired } from '../lib/identity-client';
import { useAuthNav } from './auth-nav';
import {
  clearPendingSignIn,
  readHandedOffUsername,
  readPasskeyHistory,
  readPendingSignIn,
  storePasskeyAttempt,
  takeNotice,
} from './auth-storage';
import { AuthCard, AuthLink, Button, Icon, Notice, PasswordInput, type Severity, TextInput } from './light-ui';
import { identityErrorMessage, passkeyErrorMessage } from './messages';
import { runPasskeySignIn } from './passkey';
import { interpretSignIn } from './sign-in-flow';
import { isStepOutcome, type StepOutcome, useApplySignIn } from './use-sign-in';
import { phonePreview, toCanonical, validateRequired, validateUsername } from './validation';

type LoginForm = { username: string; password: string };
type Message = { severity: Severity; text: string };

// Asked for only when a sign-in needs a code, a choice or a TOTP setup.
const SignInStepView = lazy(() => import('./light-sign-in-steps').then((m) => ({ default: m.SignInStepView })));

export function LoginPage() {
  const { t } = useTranslation('auth');
  const nav = useAuthNav();
  const expiredQuery = nav.search.has('expired');
  const applySignIn = useApplySignIn();
  const [notice, setNotice] = useState<Message | null>(null);
  const [step, setStep] = useState<{ username: string; session: string; outcome: StepOutcome } | null>(null);
  const [busy, setBusy] = useState<'password' | 'passkey' | 'step' | null>(null);
  const [passkeyAllowed] = useState(() => browserSupportsWebAuthn());
  const redirectTimer = useRef<number | undefined>(undefined);

  const { register, handleSubmit, watch, formState, getValues, setError, clearErrors } = useForm<LoginForm>({
    mode: 'onTouched',
    defaultValues: { username: readHandedOffUsername(), password: '' },
  });
  const username = watch('username');

  // Once on arrival: a session that ended, a finished password reset, or a sign-in still pending.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit
  useEffect(() => {
    if (takeSessionExpired() || expiredQuery) {
      setNotice({ severity: 'info', text: t('messages.sessionExpired') });
      // The query has done its work; a reload should not say it again.
      if (expiredQuery) nav.navigate('/login', { replace: true });
    }
    const stored = takeNotice();
    if (stored === 'passwordReset') setNotice({ severity: 'success', text: t('forgot.success') });
    if (stored === 'autoSignInFailed') setNotice({ severity: 'info', text: t('signUp.autoSignInFailed') });
    const pending = readPendingSignIn();
    const outcome = pending && interpretSignIn(pending.result);
    if (pending && outcome && isStepOutcome(outcome)) setStep({ username: pending.username, session: outcome.session, outcome });
    // Drop any stale session data so the guard asks the server again after this sign-in.
    nav.sessionChanged();
    return () => window.clearTimeout(redirectTimer.current);
  }, []);

  // Spec §4: the pending sign-in state is dropped after 180 s.
  useEffect(() => {
    if (!step) return;
    const pending = readPendingSignIn();
    const remaining = pending ? pending.expiresAt - Date.now() : 0;
    const timer = window.setTimeout(
      () => {
        clearPendingSignIn();
        setStep(null);
        setNotice({ severity: 'warning', text: t('login.pendingExpired') });
      },
      Math.max(0, Math.min(remaining, PENDING_SIGN_IN_SECONDS * 1000)),
    );
    return () => window.clearTimeout(timer);
  }, [step, t]);

  const show = async (name: string, result: Parameters<typeof applySignIn>[1]) => {
    const outcome = await applySignIn(name, result);
    if (isStepOutcome(outcome)) {
      setStep({ username: name, session: outcome.session, outcome });
      setNotice(null);
    } else if (outcome.type === 'firstFactor' || outcome.type === 'webAuthn') {
      setNotice({ severity: 'error', text: t('steps.firstFactor') });
    }
  };

  const onSubmit = handleSubmit(async ({ username: raw, password }) => {
    const name = toCanonical(raw);
    setBusy('password');
    setNotice(null);
    try {
      await show(name, await identityCall('InitiateAuth', { username: name, password, preferredChallenge: 'PASSWORD' }));
    } catch (error) {
      if (error instanceof Error && error.name === 'PasswordResetRequiredException') {
        await show(name, { nextStep: 'RESET_PASSWORD' });
      } else if (error instanceof Error && error.name === 'UserNotConfirmedException') {
        await show(name, { nextStep: 'CONFIRM_SIGN_UP' });
      } else {
        setNotice({ severity: 'error', text: identityErrorMessage(t, error) });
      }
    } finally {
      setBusy(null);
    }
  });

  const onPasskey = async () => {
    const raw = getValues('username');
    setNotice(null);
    if (!raw.trim()) {
      setError('username', { message: t('passkey.needsUsername') });
      return;
    }
    const valid = validateUsername(t, raw);
    if (valid !== true) {
      setError('username', { message: valid });
      return;
    }
    clearErrors('username');
    if (!browserSupportsWebAuthn()) {
      setNotice({ severity: 'error', text: t('passkey.notSupported') });
      return;
    }
    const name = toCanonical(raw);
    setBusy('passkey');
    try {
      const outcome = await runPasskeySignIn(name);
      if (outcome === 'done') {
        storePasskeyAttempt(name, true);
        setNotice({ severity: 'success', text: t('passkey.success') });
        nav.sessionChanged();
        // Spec §8: to /select-tenant after 1 s.
        redirectTimer.current = window.setTimeout(() => nav.navigate('/select-tenant'), PASSKEY_REDIRECT_DELAY_MS);
        return;
      }
      setNotice({ severity: 'warning', text: outcome === 'firstFactor' ? t('passkey.firstFactor') : t('passkey.usePassword') });
    } catch (error) {
      const history = storePasskeyAttempt(name, false);
      const text = suggestPasswordLogin(history, name) ? t('passkey.repeatedFailure') : passkeyErrorMessage(t, error);
      setNotice({ severity: 'error', text });
    } finally {
      setBusy(null);
    }
  };

  const onStepAnswer = async (answer: { answer?: string; mfaType?: 'TOTP' | 'SMS' | 'EMAIL' }) => {
    if (!step) return;
    if (!readPendingSignIn()) {
      setStep(null);
      setNotice({ severity: 'warning', text: t('login.pendingExpired') });
      return;
    }
    setBusy('step');
    try {
      const result = await identityCall('RespondToAuthChallenge', { session: step.session, ...answer });
      await show(step.username, result);
    } catch (error) {
      setNotice({ severity: 'error', text: identityErrorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  };

  const cancelStep = () => {
    clearPendingSignIn();
    setStep(null);
    setNotice(null);
  };

  const usernameField = register('username', { validate: (value) => validateUsername(t, value) });
  const passwordField = register('password', { validate: (value) => validateRequired(t, value) });
  const usernameError = formState.errors.username?.message;
  const preview = phonePreview(username);
  const passkeyNote = passkeyAllowed && username.trim() !== '' && shouldPromptPasskey(readPasskeyHistory(), toCanonical(username));

  return (
    <AuthCard title={t('login.title')}>
      {notice && <Notice severity={notice.severity}>{notice.text}</Notice>}
      {step ? (
        <Suspense fallback={null}>
          <SignInStepView
            key={`${step.outcome.type}-${step.session}`}
            outcome={step.outcome}
            busy={busy === 'step'}
            onAnswer={onStepAnswer}
            onCancel={cancelStep}
          />
        </Suspense>
      ) : (
        <form className="gw-form" noValidate onSubmit={onSubmit}>
          <TextInput
            {...usernameField}
            label={t('fields.username')}
            autoComplete="username webauthn"
            error={usernameError}
            helper={preview ? t('validation.phoneHint', { phone: preview }) : undefined}
          />
          <PasswordInput
            {...passwordField}
            label={t('fields.password')}
            autoComplete="current-password"
            error={formState.errors.password?.message}
          />
          <Button type="submit" variant="contained" large loading={busy === 'password'} disabled={busy !== null}>
            {t('login.submit')}
          </Button>
          <div className="gw-divider">{t('login.or')}</div>
          {passkeyNote && (
            <p className="gw-small gw-small-success" role="status">
              {t('passkey.available')}
            </p>
          )}
          <Button
            variant="outlined"
            large
            icon={<Icon name="key" />}
            onClick={onPasskey}
            loading={busy === 'passkey'}
            disabled={busy !== null}
          >
            {t('login.passkey')}
          </Button>
          <div className="gw-row gw-row-between">
            <AuthLink href="/forgot-password">{t('login.forgotPassword')}</AuthLink>
            <AuthLink href="/sign-up?step=0">{t('login.signUp')}</AuthLink>
          </div>
        </form>
      )}
    </AuthCard>
  );
}
