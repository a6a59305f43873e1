import { PASSKEY_MESSAGES, PENDING_SIGN_IN_SECONDS, SIGN_IN_MESSAGES } from '@groundwork/core/identity';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWindowWidth, setWindowWidth } from '../shell/test-utils';
import { claims, mockServer, renderApp } from './test-helpers';

const webauthn = vi.hoisted(() => ({ supported: true, startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startAuthentication: webauthn.startAuthentication,
}));

const username = () => screen.getByRole('textbox', { name: 'Email or phone number' });
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Sign in' });
  return app;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  webauthn.supported = true;
  webauthn.startAuthentication.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetWindowWidth();
});

describe('login form', () => {
  it('asks for both fields with the spec message', async () => {
    const calls = mockServer(() => undefined);
    await openLogin();
    submit();
    expect(await screen.findAllByText('Required.')).toHaveLength(2);
    expect(calls.filter((call) => call.action === 'InitiateAuth')).toHaveLength(0);
  });

  it('refuses a username that is neither an e-mail nor a phone', async () => {
    mockServer(() => undefined);
    await openLogin();
    type(username(), 'maria at example');
    expect(await screen.findByText('Please enter a valid email or phone number.')).toBeInTheDocument();
  });

  it('shows the E.164 form of a phone number and the format error for a bad one', async () => {
    mockServer(() => undefined);
    await openLogin();
    type(username(), '(555) 123-4567');
    expect(await screen.findByText('Will be used as +15551234567')).toBeInTheDocument();
    type(username(), '123 456 78');
    expect(await screen.findByText('Invalid phone number format. Please use +1XXXXXXXXXX format for US numbers.')).toBeInTheDocument();
  });

  it('sends the normalised phone number with the password', async () => {
    const calls = mockServer((action) => (action === 'InitiateAuth' ? { body: { nextStep: 'DONE' } } : undefined));
    await openLogin();
    type(username(), '555-123-4567');
    type(password(), 'secret-password');
    submit();
    await waitFor(() => expect(calls.find((call) => call.action === 'InitiateAuth')).toBeDefined());
    expect(calls.find((call) => call.action === 'InitiateAuth')?.body).toEqual({
      username: '+15551234567',
      password: 'secret-password',
      preferredChallenge: 'PASSWORD',
    });
  });

  it('toggles the password visibility with an accessible button', async () => {
    mockServer(() => undefined);
    await openLogin();
    expect(password()).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it.each([
    [{ name: 'NotAuthorizedException', message: 'x' }, SIGN_IN_MESSAGES.notAuthorized],
    [{ name: 'UserNotFoundException', message: 'x' }, SIGN_IN_MESSAGES.userNotFound],
    [{ name: 'UserLambdaValidationException', message: 'x' }, SIGN_IN_MESSAGES.lambdaValidation],
    [
      { name: 'TooManyRequestsException', message: 'slow down', retryAfterSeconds: 32 },
      'Too many attempts. Please wait 32 seconds and try again.',
    ],
    [{ name: 'InvalidParameterException', message: 'bad thing' }, SIGN_IN_MESSAGES.failed('bad thing')],
    [{ name: 'SomethingElse', message: 'odd' }, SIGN_IN_MESSAGES.unknown('odd')],
  ])('maps %o to its message', async (error, message) => {
    mockServer((action) => (action === 'InitiateAuth' ? { status: 400, body: error } : undefined));
    await openLogin();
    type(username(), 'maria@example.com');
    type(password(), 'wrong-password');
    submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says "Please sign back in." after a session expiry', async () => {
    mockServer(() => undefined);
    const app = await openLogin('/login?expired=1');
    expect(await screen.findByText(SIGN_IN_MESSAGES.sessionExpired)).toBeInTheDocument();
    await waitFor(() => expect(app.href()).toBe('/login'));
  });

  it('uses a full-width layout under 501 px and a card above', async () => {
    mockServer(() => undefined);
    setWindowWidth(390);
    await openLogin();
    expect(screen.getByTestId('auth-mobile')).toBeInTheDocument();
  });

  it('centres a card with the product name on a desktop', async () => {
    mockServer(() => undefined);
    setWindowWidth(1440);
    await openLogin();
    expect(screen.getByTestId('auth-desktop')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Groundwork' })).toBeInTheDocument();
  });
});

describe('sign-in steps', () => {
  async function signIn(first: unknown, respond?: (body: Record<string, unknown>) => unknown) {
    let signedIn = false;
    const calls = mockServer((action, body) => {
      if (action === 'InitiateAuth') {
        if ((first as { nextStep: string }).nextStep === 'DONE') signedIn = true;
        return { body: first };
      }
      if (action === 'RespondToAuthChallenge' && respond) {
        const answer = respond(body) as { nextStep: string };
        if (answer.nextStep === 'DONE') signedIn = true;
        return { body: answer };
      }
      if (action === 'GetUser' && signedIn) return { body: claims() };
      return undefined;
    });
    const app = await openLogin();
    type(username(), 'Maria@Example.com');
    type(password(), 'a-good-password');
    submit();
    return { app, calls };
  }

  it('DONE goes to /select-tenant', async () => {
    const { app } = await signIn({ nextStep: 'DONE' });
    expect(await screen.findByRole('button', { name: 'Summit Ridge Builders' })).toBeInTheDocument();
    expect(app.path()).toBe('/select-tenant');
  });

  it('DONE goes to the remembered route, through tenant selection', async () => {
    let signedIn = false;
    let selected: string | null = null;
    mockServer((action, body) => {
      if (action === 'InitiateAuth') {
        signedIn = true;
        return { body: { nextStep: 'DONE' } };
      }
      if (action === 'GetUser' && signedIn) return { body: claims({ 'custom:selected_tenant_uuid': selected }) };
      if (action === 'SelectTenant') {
        selected = body.tenant_uuid as string;
        return { body: claims({ 'custom:selected_tenant_uuid': selected }) };
      }
      return undefined;
    });
    const app = renderApp('/dashboard?tab=people');
    await screen.findByRole('heading', { level: 2, name: 'Sign in' });
    expect(app.path()).toBe('/login');
    type(username(), 'maria@example.com');
    type(password(), 'a-good-password');
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Canyon Concrete' }));
    await waitFor(() => expect(app.href()).toBe('/dashboard?tab=people'));
    expect(localStorage.getItem('selectedTenantUuid')).toBe('22222222-2222-4222-8222-222222222222');
  });

  it('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED goes to /reset-password, prefilled, and the new password finishes it', async () => {
    const { app, calls } = await signIn({ nextStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', session: 's1' }, () => ({
      nextStep: 'DONE',
    }));
    expect(
      await screen.findByText('You need to reset your password before continuing. Set a new password to continue.'),
    ).toBeInTheDocument();
    expect(app.path()).toBe('/reset-password');
    expect(screen.getByRole('textbox', { name: 'Email or phone number' })).toHaveValue('maria@example.com');
    type(screen.getByLabelText('New password', { selector: 'input' }), 'brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(app.path()).toBe('/select-tenant'));
    expect(calls.find((call) => call.action === 'RespondToAuthChallenge')?.body).toEqual({ session: 's1', answer: 'brand-new-password' });
  });

  it('asks for the TOTP code and answers the challenge with it', async () => {
    const { app, calls } = await signIn({ nextStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', session: 's2' }, () => ({ nextStep: 'DONE' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.path()).toBe('/select-tenant'));
    expect(calls.find((call) => call.action === 'RespondToAuthChallenge')?.body).toEqual({ session: 's2', answer: '123456' });
  });

  it('names where an SMS or e-mail code went', async () => {
    await signIn({
      nextStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
      session: 's',
      codeDelivery: { deliveryMedium: 'SMS', destination: '+1******4567' },
    });
    expect(await screen.findByText('Enter the code we texted to +1******4567')).toBeInTheDocument();
  });

  it('offers the MFA choice, then TOTP setup with a QR code', async () => {
    const { app, calls } = await signIn(
      { nextStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', session: 's3', allowedMfaTypes: ['TOTP', 'EMAIL'] },
      (body) =>
        body.mfaType
          ? {
              nextStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
              session: 's4',
              totpUri: 'otpauth://totp/Groundwork:maria?secret=JBSWY3DPEHPK3PXP&issuer=Groundwork',
            }
          : { nextStep: 'DONE' },
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Authenticator app' }));
    expect(screen.queryByRole('radio', { name: 'Text message' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText("Can't scan it? Enter this key: JBSWY3DPEHPK3PXP")).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.path()).toBe('/select-tenant'));
    const answers = calls.filter((call) => call.action === 'RespondToAuthChallenge').map((call) => call.body);
    expect(answers).toEqual([
      { session: 's3', mfaType: 'TOTP' },
      { session: 's4', answer: '654321' },
    ]);
  });

  it('RESET_PASSWORD goes to /forgot-password with the username', async () => {
    const { app } = await signIn({ nextStep: 'RESET_PASSWORD' });
    await waitFor(() => expect(app.path()).toBe('/forgot-password'));
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(screen.getByRole('textbox', { name: 'Email or phone number' })).toHaveValue('maria@example.com');
  });

  it('PasswordResetRequiredException goes to /forgot-password, prefilled, says why, and resets by code', async () => {
    const calls = mockServer((action) => {
      if (action === 'InitiateAuth')
        return { status: 400, body: { name: 'PasswordResetRequiredException', message: 'Password reset required for the user' } };
      if (action === 'ForgotPassword')
        return {
          body: {
            nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
            codeDelivery: { deliveryMedium: 'EMAIL', destination: 'm***@e***.com' },
          },
        };
      if (action === 'ConfirmForgotPassword') return { body: { nextStep: 'DONE' } };
      return undefined;
    });
    const app = await openLogin();
    type(username(), 'Maria@Example.com');
    type(password(), 'the-old-password');
    submit();
    await waitFor(() => expect(app.path()).toBe('/forgot-password'));
    const notice =
      'Your password must be reset before you can sign in. Send a code to your email or phone number, then choose a new password.';
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email or phone number' })).toHaveValue('maria@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter the code sent to m***@e***.com and choose a new password.')).toBeInTheDocument();
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '123456' } });
    type(screen.getByLabelText('New password', { selector: 'input' }), 'a-brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been reset. Please sign in.')).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    expect(calls.find((call) => call.action === 'ConfirmForgotPassword')?.body).toEqual({
      username: 'maria@example.com',
      code: '123456',
      newPassword: 'a-brand-new-password',
    });
  });

  it('an ordinary visit to /forgot-password has no reset notice', async () => {
    mockServer(() => undefined);
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(screen.queryByText(/must be reset before you can sign in/)).not.toBeInTheDocument();
  });

  it('CONTINUE_SIGN_IN_WITH_TOTP_SETUP right after the password shows the QR code and finishes with a code', async () => {
    const { app, calls } = await signIn(
      {
        nextStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        session: 's5',
        totpUri: 'otpauth://totp/Groundwork:maria?secret=JBSWY3DPEHPK3PXP&issuer=Groundwork',
      },
      () => ({ nextStep: 'DONE' }),
    );
    expect(await screen.findByText('Set up your authenticator app')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.path()).toBe('/select-tenant'));
    expect(calls.find((call) => call.action === 'RespondToAuthChallenge')?.body).toEqual({ session: 's5', answer: '246810' });
  });

  it('CONFIRM_SIGN_UP goes to the sign-up code step', async () => {
    const { app } = await signIn({ nextStep: 'CONFIRM_SIGN_UP' });
    expect(await screen.findByRole('heading', { name: 'Confirm your account' })).toBeInTheDocument();
    expect(app.href()).toBe('/sign-up?step=1');
  });

  it('drops the pending state after its 180 s', async () => {
    mockServer(() => undefined);
    const now = Date.now();
    sessionStorage.setItem(
      'pendingSignIn',
      JSON.stringify({
        username: 'maria@example.com',
        result: { nextStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', session: 's' },
        expiresAt: now + 300,
      }),
    );
    await openLogin();
    expect(screen.getByText('Enter the code from your authenticator app')).toBeInTheDocument();
    expect(await screen.findByText('Your sign-in took too long. Please sign in again.', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email or phone number' })).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingSignIn')).toBeNull();
    expect(PENDING_SIGN_IN_SECONDS).toBe(180);
  });
});

describe('passkey sign-in', () => {
  const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });

  function passkeyServer(finish: () => unknown = () => ({ nextStep: 'DONE' })) {
    let signedIn = false;
    return mockServer((action) => {
      if (action === 'InitiateAuth')
        return { body: { nextStep: 'CONTINUE_SIGN_IN_WITH_WEB_AUTHN', session: 'pk', webAuthnOptions: { challenge: 'abc' } } };
      if (action === 'RespondToAuthChallenge') {
        const answer = finish() as { nextStep: string };
        signedIn = answer.nextStep === 'DONE';
        return { body: answer };
      }
      if (action === 'GetUser' && signedIn) return { body: claims() };
      return undefined;
    });
  }

  it('needs the username first', async () => {
    passkeyServer();
    await openLogin();
    fireEvent.click(passkeyButton());
    expect(await screen.findByText('Please enter your email or phone number first')).toBeInTheDocument();
  });

  it('signs in, remembers the success and goes to /select-tenant after a second', async () => {
    const calls = passkeyServer();
    webauthn.startAuthentication.mockResolvedValue({ id: 'cred', response: {} });
    const app = await openLogin();
    type(username(), 'Maria@Example.com');
    fireEvent.click(passkeyButton());
    expect(await screen.findByText(PASSKEY_MESSAGES.success)).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    await waitFor(() => expect(app.path()).toBe('/select-tenant'), { timeout: 2500 });
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    expect(calls.find((call) => call.action === 'InitiateAuth')?.body).toEqual({
      username: 'maria@example.com',
      preferredChallenge: 'WEB_AUTHN',
    });
    expect(calls.find((call) => call.action === 'RespondToAuthChallenge')?.body).toEqual({
      session: 'pk',
      credential: { id: 'cred', response: {} },
    });
    const history = JSON.parse(localStorage.getItem('passkeyHistory') ?? '{}');
    expect(history['maria@example.com']).toMatchObject({ success: true, failures: 0 });
    expect(localStorage.getItem('has_used_passkey_before')).toBe('true');
  });

  it('maps a cancelled ceremony and suggests the password after three failures', async () => {
    passkeyServer();
    webauthn.startAuthentication.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    await openLogin();
    type(username(), 'maria@example.com');
    fireEvent.click(passkeyButton());
    expect(await screen.findByText(PASSKEY_MESSAGES.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(passkeyButton()).toBeEnabled());
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(JSON.parse(localStorage.getItem('passkeyHistory') ?? '{}')['maria@example.com'].failures).toBe(2));
    await waitFor(() => expect(passkeyButton()).toBeEnabled());
    fireEvent.click(passkeyButton());
    expect(await screen.findByText(PASSKEY_MESSAGES.repeatedFailure)).toBeInTheDocument();
  });

  it('says when the account has no passkey', async () => {
    mockServer((action) =>
      action === 'InitiateAuth' ? { status: 400, body: { name: 'WebAuthnCredentialNotFoundException', message: 'none' } } : undefined,
    );
    await openLogin();
    type(username(), 'maria@example.com');
    fireEvent.click(passkeyButton());
    expect(await screen.findByText(PASSKEY_MESSAGES.noneFound)).toBeInTheDocument();
  });

  it('asks for the password when the passkey sign-in needs more steps', async () => {
    passkeyServer(() => ({ nextStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', session: 'x' }));
    webauthn.startAuthentication.mockResolvedValue({ id: 'cred' });
    await openLogin();
    type(username(), 'maria@example.com');
    fireEvent.click(passkeyButton());
    expect(await screen.findByText(PASSKEY_MESSAGES.usePassword)).toBeInTheDocument();
  });

  it('says passkeys are unsupported when the browser lacks WebAuthn', async () => {
    passkeyServer();
    webauthn.supported = false;
    await openLogin();
    type(username(), 'maria@example.com');
    fireEvent.click(passkeyButton());
    expect(await screen.findByText(PASSKEY_MESSAGES.notSupported)).toBeInTheDocument();
  });

  describe('the "Passkey available" note', () => {
    const DAY = 24 * 60 * 60 * 1000;
    const note = () => screen.queryByText(PASSKEY_MESSAGES.available);
    const withHistory = (entry: object) => localStorage.setItem('passkeyHistory', JSON.stringify({ 'maria@example.com': entry }));

    it('shows after a passkey success for that username', async () => {
      mockServer(() => undefined);
      withHistory({ success: true, timestamp: Date.now(), failures: 0, aliases: [] });
      await openLogin();
      expect(note()).not.toBeInTheDocument();
      type(username(), 'MARIA@example.com');
      expect(await screen.findByText(PASSKEY_MESSAGES.available)).toBeInTheDocument();
      type(username(), 'someone@example.com');
      await waitFor(() => expect(note()).not.toBeInTheDocument());
    });

    it('stays hidden after a recent failure', async () => {
      mockServer(() => undefined);
      withHistory({ success: false, timestamp: Date.now() - DAY, failures: 1, aliases: [] });
      await openLogin();
      type(username(), 'maria@example.com');
      await act(async () => {});
      expect(note()).not.toBeInTheDocument();
    });

    it('stays hidden when the browser has no WebAuthn', async () => {
      mockServer(() => undefined);
      webauthn.supported = false;
      withHistory({ success: true, timestamp: Date.now(), failures: 0, aliases: [] });
      await openLogin();
      type(username(), 'maria@example.com');
      await act(async () => {});
      expect(note()).not.toBeInTheDocument();
    });
  });
});
