import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claims, mockServer, renderApp } from './test-helpers';

const salt = 'salt-';
// The challenge is SHA-256('salt-12'), so the answer is 12.
const captcha = { algorithm: 'SHA-256', challenge: '', salt, signature: 'sig', maxnumber: 40 };

beforeEach(async () => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}12`));
  captcha.challenge = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-up', () => {
  it('signs up with a solved captcha, confirms the code and signs in automatically', async () => {
    let signedIn = false;
    const calls = mockServer(
      (action) => {
        if (action === 'SignUp')
          return { body: { nextStep: 'CONFIRM_SIGN_UP', codeDelivery: { deliveryMedium: 'EMAIL', destination: 'n***@e***.com' } } };
        if (action === 'ConfirmSignUp') return { body: { nextStep: 'COMPLETE_AUTO_SIGN_IN' } };
        if (action === 'AutoSignIn') {
          signedIn = true;
          return { body: { nextStep: 'DONE' } };
        }
        if (action === 'GetUser' && signedIn) return { body: claims({ 'custom:tenants': [] }) };
        return undefined;
      },
      { captcha },
    );
    const app = renderApp('/sign-up?step=0');
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email or phone number' }), { target: { value: 'New.Person@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'a-long-password' } });
    await screen.findByText('Verified: you are not a robot.');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('We sent a code to n***@e***.com. Enter it below.')).toBeInTheDocument();
    expect(app.href()).toBe('/sign-up?step=1');
    const signUp = calls.find((call) => call.action === 'SignUp')?.body;
    expect(signUp).toMatchObject({ username: 'new.person@example.com', password: 'a-long-password' });
    expect(JSON.parse(atob(String(signUp?.captcha)))).toEqual({
      algorithm: 'SHA-256',
      challenge: captcha.challenge,
      number: 12,
      salt,
      signature: 'sig',
    });

    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: ' 424242 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(app.path()).toBe('/select-tenant'));
    expect(calls.find((call) => call.action === 'ConfirmSignUp')?.body).toEqual({ username: 'new.person@example.com', code: '424242' });
    expect(calls.find((call) => call.action === 'AutoSignIn')?.body).toEqual({ username: 'new.person@example.com' });
    expect(await screen.findByText(/does not belong to any company yet/)).toBeInTheDocument();
  });

  it('with reCAPTCHA configured, shows the checkbox and sends its token; a refused sign-up asks for a fresh tick', async () => {
    const widgets: { sitekey: string; callback: (token: string) => void }[] = [];
    vi.stubGlobal('grecaptcha', {
      render: (_container: HTMLElement, params: { sitekey: string; callback: (token: string) => void }) => widgets.push(params) - 1,
      reset: () => undefined,
    });
    let refuse = true;
    const calls = mockServer(
      (action) => {
        if (action !== 'SignUp') return undefined;
        if (refuse) {
          refuse = false;
          return {
            status: 400,
            body: { name: 'UserLambdaValidationException', message: 'Captcha verification failed. Please try again.' },
          };
        }
        return { body: { nextStep: 'CONFIRM_SIGN_UP', codeDelivery: { deliveryMedium: 'EMAIL', destination: 'n***@e***.com' } } };
      },
      { captcha: { kind: 'recaptcha', siteKey: 'site-key' } },
    );
    renderApp('/sign-up?step=0');
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email or phone number' }), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'a-long-password' } });
    expect(await screen.findByText('Tick the box below to show you are not a robot.')).toBeInTheDocument();
    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(widgets[0]?.sitekey).toBe('site-key');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();

    widgets[0]?.callback('first-token');
    await screen.findByText('Verified: you are not a robot.');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // Refused: a token is single-use, so a fresh checkbox is rendered and must be ticked again.
    await waitFor(() => expect(widgets).toHaveLength(2));
    expect(await screen.findByText('Tick the box below to show you are not a robot.')).toBeInTheDocument();
    widgets[1]?.callback('second-token');
    await screen.findByText('Verified: you are not a robot.');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('We sent a code to n***@e***.com. Enter it below.')).toBeInTheDocument();
    expect(calls.filter((call) => call.action === 'SignUp').map((call) => call.body?.captcha)).toEqual(['first-token', 'second-token']);
  });

  it('refuses a short password and resends the code on request', async () => {
    sessionStorage.setItem('authUsername', '+15551234567');
    const calls = mockServer((action) =>
      action === 'ResendConfirmationCode' ? { body: { codeDelivery: { deliveryMedium: 'SMS', destination: '+1******4567' } } } : undefined,
    );
    renderApp('/sign-up?step=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();
    expect(calls.find((call) => call.action === 'ResendConfirmationCode')?.body).toEqual({ username: '+15551234567' });
  });

  it('shows the spec message when confirming fails', async () => {
    sessionStorage.setItem('authUsername', 'a@example.com');
    mockServer((action) =>
      action === 'ConfirmSignUp' ? { status: 400, body: { name: 'CodeMismatchException', message: 'bad' } } : undefined,
    );
    renderApp('/sign-up?step=1');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Verification code' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('There was a problem confirming the sign up. Invalid verification code provided, please try again.'),
    ).toBeInTheDocument();
  });
});
