import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { identityCall } from '../lib/identity-client';
import { useAuthNav } from './auth-nav';
import { handOffUsername, readHandedOffUsername, storeNotice } from './auth-storage';
import { captchaPayload, fetchCaptchaChallenge, loadRecaptcha, solveChallenge } from './captcha';
import { AuthCard, AuthLink, Button, CodeInput, Notice, PasswordInput, Progress, type Severity, TextInput } from './light-ui';
import { identityErrorMessage } from './messages';
import { phonePreview, toCanonical, validateNewPassword, validateRequired, validateUsername } from './validation';

type Message = { severity: Severity; text: string };
type CaptchaState =
  | { status: 'solving' }
  /** reCAPTCHA: the widget shows and waits for the person to tick it. */
  | { status: 'widget' }
  | { status: 'solved'; payload: string }
  | { status: 'failed' };

/**
 * Fetches the server's captcha as soon as the form shows: a proof of work is solved here without the person doing
 * anything; a reCAPTCHA is shown for them to tick.
 */
function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({ status: 'solving' });
  const [attempt, setAttempt] = useState(0);
  // The reCAPTCHA box stays on screen once shown (ticked or not); a retry mounts a fresh one.
  const [recaptcha, setRecaptcha] = useState<{ siteKey: string; attempt: number } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'solving' });
    (async () => {
      const challenge = await fetchCaptchaChallenge();
      if (controller.signal.aborted) return;
      if (challenge.kind === 'recaptcha') {
        setRecaptcha({ siteKey: challenge.siteKey, attempt });
        setState({ status: 'widget' });
        return;
      }
      const number = await solveChallenge(challenge, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setState(number === null ? { status: 'failed' } : { status: 'solved', payload: captchaPayload(challenge, number) });
    })().catch(() => {
      if (!controller.signal.aborted) setState({ status: 'failed' });
    });
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, setState, retry, recaptcha };
}

/** Google's checkbox, rendered into its own box; its token becomes the SignUp captcha. */
function RecaptchaBox({ siteKey, onChange }: { siteKey: string; onChange: (state: CaptchaState) => void }) {
  const { i18n } = useTranslation('auth');
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: rendered once per mount; a retry mounts a new box
  useEffect(() => {
    let cancelled = false;
    loadRecaptcha(i18n.language)
      .then((grecaptcha) => {
        if (cancelled || !box.current) return;
        grecaptcha.render(box.current, {
          sitekey: siteKey,
          callback: (token) => onChange({ status: 'solved', payload: token }),
          'expired-callback': () => onChange({ status: 'widget' }),
          'error-callback': () => onChange({ status: 'failed' }),
        });
      })
      .catch(() => {
        if (!cancelled) onChange({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return <div ref={box} data-testid="recaptcha" />;
}

export function SignUpPage() {
  // Spec §2 route query key `step`: 0 the form, 1 the code.
  const nav = useAuthNav();
  const step = Number(nav.search.get('step') ?? 0);
  const [username, setUsername] = useState(readHandedOffUsername);
  const [destination, setDestination] = useState<string | null>(null);
  const onSignedUp = (name: string, codeDestination: string | null) => {
    handOffUsername(name);
    setUsername(name);
    setDestination(codeDestination);
    nav.navigate('/sign-up?step=1');
  };
  return step === 1 && username ? <ConfirmStep username={username} destination={destination} /> : <SignUpStep onSignedUp={onSignedUp} />;
}

function SignUpStep({ onSignedUp }: { onSignedUp: (username: string, destination: string | null) => void }) {
  const { t } = useTranslation('auth');
  const captcha = useCaptcha();
  const [notice, setNotice] = useState<Message | null>(null);
  const { register, handleSubmit, watch, formState } = useForm<{ username: string; password: string }>({
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const preview = phonePreview(watch('username'));
  const usernameField = register('username', { validate: (value) => validateUsername(t, value) });
  const passwordField = register('password', { validate: (value) => validateNewPassword(t, value) });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    if (captcha.state.status !== 'solved') return;
    const name = toCanonical(username);
    setNotice(null);
    try {
      const result = await identityCall('SignUp', { username: name, password, captcha: captcha.state.payload });
      onSignedUp(name, result.codeDelivery?.destination ?? null);
    } catch (error) {
      setNotice({ severity: 'error', text: identityErrorMessage(t, error) });
      // A captcha is single-use: solve a fresh one for the next try.
      captcha.retry();
    }
  });

  return (
    <AuthCard title={t('signUp.title')}>
      {notice && (
        <Notice severity={notice.severity} role="alert">
          {notice.text}
        </Notice>
      )}
      <form className="gw-form" noValidate onSubmit={onSubmit}>
        <TextInput
          {...usernameField}
          label={t('fields.username')}
          autoComplete="username"
          error={formState.errors.username?.message}
          helper={preview ? t('validation.phoneHint', { phone: preview }) : undefined}
        />
        <PasswordInput
          {...passwordField}
          label={t('fields.password')}
          autoComplete="new-password"
          error={formState.errors.password?.message}
        />
        {captcha.recaptcha && (
          <RecaptchaBox key={captcha.recaptcha.attempt} siteKey={captcha.recaptcha.siteKey} onChange={captcha.setState} />
        )}
        <CaptchaStatus state={captcha.state} onRetry={captcha.retry} />
        <Button
          type="submit"
          variant="contained"
          large
          loading={formState.isSubmitting}
          disabled={captcha.state.status !== 'solved' || formState.isSubmitting}
        >
          {t('signUp.submit')}
        </Button>
        <p className="gw-small">
          {t('signUp.haveAccount')} <AuthLink href="/login">{t('signUp.signIn')}</AuthLink>
        </p>
      </form>
    </AuthCard>
  );
}

function CaptchaStatus({ state, onRetry }: { state: CaptchaState; onRetry: () => void }) {
  const { t } = useTranslation('auth');
  if (state.status === 'widget') {
    return (
      <p className="gw-small" role="status">
        {t('signUp.captchaTick')}
      </p>
    );
  }
  if (state.status === 'solving') {
    return (
      <div className="gw-stack" role="status">
        <p className="gw-small">{t('signUp.captchaSolving')}</p>
        <Progress label={t('signUp.captchaSolving')} />
      </div>
    );
  }
  if (state.status === 'solved') {
    return (
      <p className="gw-small gw-small-success" role="status">
        {t('signUp.captchaSolved')}
      </p>
    );
  }
  return (
    <Notice severity="warning" role="alert" action={<Button onClick={onRetry}>{t('signUp.captchaRetry')}</Button>}>
      {t('signUp.captchaFailed')}
    </Notice>
  );
}
function ConfirmStep({ username, destination }: { username: string; destination: string | null }) {
  const { t } = useTranslation('auth');
  const nav = useAuthNav();
  const [notice, setNotice] = useState<Message | null>(null);
  const [resending, setResending] = useState(false);
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ mode: 'onTouched', defaultValues: { code: '' } });
  const codeField = register('code', { validate: (value) => validateRequired(t, value) });

  const onSubmit = handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      const confirmed = await identityCall('ConfirmSignUp', { username, code: code.trim() });
      if (confirmed.nextStep === 'DONE') {
        nav.navigate('/login');
        return;
      }
      // COMPLETE_AUTO_SIGN_IN: the server allows AutoSignIn for 180 s after confirmation.
      setNotice({ severity: 'info', text: t('signUp.signingIn') });
      try {
        const signedIn = await identityCall('AutoSignIn', { username });
        if (signedIn.nextStep === 'DONE') {
          nav.sessionChanged();
          nav.navigate('/select-tenant');
          return;
        }
      } catch {
        // fall through: the account is confirmed, a normal sign-in works
      }
      handOffUsername(username);
      storeNotice('autoSignInFailed');
      nav.navigate('/login');
    } catch (error) {
      const detail = identityErrorMessage(t, error);
      setNotice({ severity: 'error', text: `${t('messages.confirmSignUp')} ${detail}` });
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      await identityCall('ResendConfirmationCode', { username });
      setNotice({ severity: 'success', text: t('signUp.resent') });
    } catch (error) {
      setNotice({ severity: 'error', text: `${t('messages.resendSignUpCode')} ${identityErrorMessage(t, error)}` });
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard title={t('signUp.codeTitle')}>
      {notice && <Notice severity={notice.severity}>{notice.text}</Notice>}
      <p className="gw-text">{destination ? t('signUp.codeBody', { destination }) : t('signUp.codeBodyNoDestination')}</p>
      <form className="gw-form" noValidate onSubmit={onSubmit}>
        <CodeInput {...codeField} error={formState.errors.code?.message} />
        <div className="gw-row gw-row-between">
          <Button onClick={resend} loading={resending}>
            {t('signUp.resend')}
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('signUp.confirm')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
