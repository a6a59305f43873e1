import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { claims, mockServer, type Reply } from '../../../auth/test-helpers';
import { SignInContact } from './sign-in-contact';

const mismatch: Reply = {
  status: 400,
  body: { name: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' },
};
const expired: Reply = {
  status: 400,
  body: { name: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' },
};

function renderContact() {
  const queryClient = createQueryClient();
  render(
    <Providers queryClient={queryClient}>
      <SignInContact />
    </Providers>,
  );
}

const row = (name: string) => screen.getByRole('region', { name });

describe('Sign-in e-mail and phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a phone: the format rule, sent, a wrong and an expired code in plain words, resend, verified', async () => {
    let phone: string | null = null;
    const codes = [mismatch, expired, { body: { ok: true } }];
    const calls = mockServer((action, body) => {
      if (action === 'GetUser') return { body: claims({ phone_number: phone, phone_number_verified: Boolean(phone) }) };
      if (action === 'UpdateUserAttributes')
        return { body: { nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDelivery: { deliveryMedium: 'SMS', destination: '+*******0142' } } };
      if (action === 'GetUserAttributeVerificationCode')
        return { body: { codeDelivery: { deliveryMedium: 'SMS', destination: '+*******0142' } } };
      if (action === 'VerifyUserAttribute') {
        const reply = codes.shift() as Reply;
        if ((reply.body as { ok?: boolean }).ok) phone = '+13035550142';
        expect(body).toMatchObject({ attribute: 'phone_number' });
        return reply;
      }
      return undefined;
    });
    renderContact();
    await screen.findByText('maria@example.com');
    const phoneRow = row('Phone number');
    expect(within(phoneRow).getByText('None')).toBeInTheDocument();
    expect(within(row('Sign-in e-mail')).getByText('Verified')).toBeInTheDocument();

    fireEvent.click(within(phoneRow).getByRole('button', { name: 'Add a phone number' }));
    const field = within(phoneRow).getByRole('textbox', { name: 'New phone number' });
    fireEvent.change(field, { target: { value: '555-0142' } });
    fireEvent.click(within(phoneRow).getByRole('button', { name: 'Send code' }));
    expect(
      await within(phoneRow).findByText('Invalid phone number format. Please use +1XXXXXXXXXX format for US numbers.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.action === 'UpdateUserAttributes')).toBe(false);

    fireEvent.change(field, { target: { value: '(303) 555-0142' } });
    expect(within(phoneRow).getByText('Will be used as +13035550142')).toBeInTheDocument();
    fireEvent.click(within(phoneRow).getByRole('button', { name: 'Send code' }));
    expect(await within(phoneRow).findByText(/We sent a code to \+\*{7}0142/)).toBeInTheDocument();
    expect(calls.find((c) => c.action === 'UpdateUserAttributes')?.body).toEqual({ attributes: { phone_number: '+13035550142' } });

    const code = within(phoneRow).getByRole('textbox', { name: 'Verification code' });
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(phoneRow).getByRole('button', { name: 'Verify' }));
    expect(await within(phoneRow).findByRole('alert')).toHaveTextContent('Invalid verification code provided, please try again.');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(phoneRow).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(within(phoneRow).getByRole('alert')).toHaveTextContent('Invalid code provided, please request a code again.'),
    );

    fireEvent.click(within(phoneRow).getByRole('button', { name: 'Send a new code' }));
    expect(await within(phoneRow).findByText(/We sent a code to/)).toBeInTheDocument();
    expect(calls.filter((c) => c.action === 'GetUserAttributeVerificationCode')).toEqual([
      { action: 'GetUserAttributeVerificationCode', body: { attribute: 'phone_number' } },
    ]);
    fireEvent.change(within(phoneRow).getByRole('textbox', { name: 'Verification code' }), { target: { value: '654321' } });
    fireEvent.click(within(phoneRow).getByRole('button', { name: 'Verify' }));
    expect(await within(phoneRow).findByText('Phone number +13035550142 verified. You can sign in with it.')).toBeInTheDocument();
    expect(await within(phoneRow).findByText('+13035550142')).toBeInTheDocument();
    expect(within(phoneRow).getByRole('button', { name: 'Change phone number' })).toBeInTheDocument();
  });

  it('changes the e-mail after the code and says so; a taken address is refused with its message', async () => {
    let email = 'maria@example.com';
    let taken = true;
    const calls = mockServer((action) => {
      if (action === 'GetUser') return { body: claims({ email, username: email }) };
      if (action === 'UpdateUserAttributes') {
        if (taken) {
          taken = false;
          return { status: 400, body: { name: 'UsernameExistsException', message: 'An account with the given username already exists.' } };
        }
        return {
          body: { nextStep: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDelivery: { deliveryMedium: 'EMAIL', destination: 'm***@n***.com' } },
        };
      }
      if (action === 'VerifyUserAttribute') {
        email = 'maria@new.example.com';
        return { body: { ok: true } };
      }
      return undefined;
    });
    renderContact();
    await screen.findByText('maria@example.com');
    const emailRow = row('Sign-in e-mail');
    fireEvent.click(within(emailRow).getByRole('button', { name: 'Change e-mail' }));
    fireEvent.change(within(emailRow).getByRole('textbox', { name: 'New sign-in e-mail' }), { target: { value: 'Maria@New.Example.com' } });
    fireEvent.click(within(emailRow).getByRole('button', { name: 'Send code' }));
    expect(await within(emailRow).findByRole('alert')).toHaveTextContent('An account with the given email or phone number already exists.');
    fireEvent.click(within(emailRow).getByRole('button', { name: 'Send code' }));
    expect(await within(emailRow).findByText(/We sent a code to m\*\*\*@n\*\*\*\.com/)).toBeInTheDocument();
    fireEvent.change(within(emailRow).getByRole('textbox', { name: 'Verification code' }), { target: { value: '123456' } });
    fireEvent.click(within(emailRow).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in e-mail is now maria@new.example.com.')).toBeInTheDocument();
    expect(await within(emailRow).findByText('maria@new.example.com')).toBeInTheDocument();
    expect(calls.filter((c) => c.action === 'UpdateUserAttributes').map((c) => c.body)).toEqual([
      { attributes: { email: 'maria@new.example.com' } },
      { attributes: { email: 'maria@new.example.com' } },
    ]);
  });

  it('shows the spec snackbar when the update fails for an unexpected reason', async () => {
    mockServer((action) => {
      if (action === 'GetUser') return { body: claims() };
      if (action === 'UpdateUserAttributes') return { status: 500, body: null };
      return undefined;
    });
    renderContact();
    await screen.findByText('maria@example.com');
    const emailRow = row('Sign-in e-mail');
    fireEvent.click(within(emailRow).getByRole('button', { name: 'Change e-mail' }));
    fireEvent.change(within(emailRow).getByRole('textbox', { name: 'New sign-in e-mail' }), { target: { value: 'other@example.com' } });
    fireEvent.click(within(emailRow).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('There was a problem updating user attributes.')).toBeInTheDocument();
  });
});
