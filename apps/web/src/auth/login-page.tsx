import { PASSKEY_REDIRECT_DELAY_MS, PENDING_SIGN_IN_SECONDS, shouldPromptPasskey, suggestPasswordLogin } from '@groundwork/core/identity';
import KeyIcon from '@mui/icons-material/Key';
import { Alert, type AlertColor, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { identityCall, takeSessionExpired } from '../lib/identity-client';
import { AuthCard } from './auth-card';
import {
  clearPendingSignIn,
  readHandedOffUsername,
  readPasskeyHistory,
  readPendingSignIn,
  storePasskeyAttempt,
  takeNotice,
} from './auth-storage';
import { AuthLink, PasswordField } from './fields';
import { identityErrorMessage, passkeyErrorMessage } from './messages';
import { runPasskeySignIn } from './passkey';
import { CLAIMS_QUERY_KEY } from './session';
import { interpretSignIn } from './sign-in-flow';
import { SignInStepView } from './sign-in-steps';
import { isStepOutcome, type StepOutcome, useApplySignIn } from './use-sign-in';
import { phonePreview, toCanonical, validateRequired, validateUsername } from './validation';

type LoginForm = { username: string; password: string };
type Notice = { severity: AlertColor; text: string };

export function LoginPage() {
  const { t } = useTranslation('auth');
  const expiredQuery = useSearch({ strict: false, select: (search) => (search as { expired?: unknown }).expired !== undefined });
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const applySignIn = useApplySignIn();
  const [notice, setNotice] = useState<Notice | null>(null);
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
      if (expiredQuery) router.history.replace('/login');
    }
    const stored = takeNotice();
    if (stored === 'passwordReset') setNotice({ severity: 'success', text: t('forgot.success') });
    if (stored === 'autoSignInFailed') setNotice({ severity: 'info', text: t('signUp.autoSignInFailed') });
    const pending = readPendingSignIn();
    const outcome = pending && interpretSignIn(pending.result);
    if (pending && outcome && isStepOutcome(outcome)) setStep({ username: pending.username, session: outcome.session, outcome });
    // Drop any stale session data so the guard asks the server again after this sign-in.
    queryClient.removeQueries({ queryKey: CLAIMS_QUERY_KEY });
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
        queryClient.removeQueries({ queryKey: CLAIMS_QUERY_KEY });
        // Spec §8: to /select-tenant after 1 s.
        redirectTimer.current = window.setTimeout(() => void navigate({ to: '/select-tenant' }), PASSKEY_REDIRECT_DELAY_MS);
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
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      {step ? (
        <SignInStepView
          key={`${step.outcome.type}-${step.session}`}
          outcome={step.outcome}
          busy={busy === 'step'}
          onAnswer={onStepAnswer}
          onCancel={cancelStep}
        />
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
          <TextField
            {...usernameField}
            inputRef={usernameField.ref}
            ref={undefined}
            label={t('fields.username')}
            autoComplete="username webauthn"
            error={Boolean(usernameError)}
            helperText={usernameError ?? (preview ? t('validation.phoneHint', { phone: preview }) : ' ')}
            fullWidth
          />
          <PasswordField
            {...passwordField}
            label={t('fields.password')}
            autoComplete="current-password"
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message ?? ' '}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" loading={busy === 'password'} disabled={busy !== null}>
            {t('login.submit')}
          </Button>
          <Divider>{t('login.or')}</Divider>
          {passkeyNote && (
            <Typography variant="body2" sx={{ color: 'success.dark', textAlign: 'center' }} role="status">
              {t('passkey.available')}
            </Typography>
          )}
          <Button
            variant="outlined"
            // Caramel text on white is under 4.5:1; the carbon secondary reads in both themes.
            color="secondary"
            size="large"
            startIcon={<KeyIcon />}
            onClick={onPasskey}
            loading={busy === 'passkey'}
            disabled={busy !== null}
          >
            {t('login.passkey')}
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <AuthLink href="/forgot-password">{t('login.forgotPassword')}</AuthLink>
            <AuthLink href="/sign-up?step=0">{t('login.signUp')}</AuthLink>
          </Stack>
        </Stack>
      )}
    </AuthCard>
  );
}
