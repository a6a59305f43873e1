import VerifiedIcon from '@mui/icons-material/CheckCircle';
import PendingIcon from '@mui/icons-material/HourglassEmpty';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, FormActions } from '../../../auth/fields';
import { identityErrorMessage } from '../../../auth/messages';
import { CLAIMS_QUERY_KEY, useClaims } from '../../../auth/session';
import { IdentityError, identityCall } from '../../../lib/identity-client';
import { useSnackbar } from '../../../shell/snackbar';
import {
  afterUpdate,
  type ContactAttribute,
  checkNewEmail,
  checkNewPhone,
  codeOut,
  initialVerification,
  isBusy,
  type VerificationState,
  verificationReducer,
} from '../contact-verification';

/**
 * The account's sign-in e-mail and phone (not the company's contact details above): each shown with its
 * verified state, changed through UpdateUserAttributes → CONFIRM_ATTRIBUTE_WITH_CODE → VerifyUserAttribute.
 */
export function SignInContact() {
  const { t } = useTranslation('profile');
  const claims = useClaims().data;
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        {t('contact.intro')}
      </Typography>
      <ContactRow attribute="email" current={claims?.email ?? null} verified={claims?.email_verified ?? false} />
      <ContactRow attribute="phone_number" current={claims?.phone_number ?? null} verified={claims?.phone_number_verified ?? false} />
    </Stack>
  );
}

/** An identity failure the person can act on has its own message; anything else is the spec's snackbar too. */
const isExpected = (error: unknown) => error instanceof IdentityError && error.name !== 'UnknownIdentityError';

function ContactRow({ attribute, current, verified }: { attribute: ContactAttribute; current: string | null; verified: boolean }) {
  const { t } = useTranslation('profile');
  const { t: tAuth } = useTranslation('auth');
  const { t: tShell } = useTranslation('shell');
  const { show } = useSnackbar();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(verificationReducer, initialVerification);
  const [editing, setEditing] = useState(false);
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const ids = useId();
  const titleId = `${ids}-title`;
  const isEmailRow = attribute === 'email';
  const busy = isBusy(state);
  const destination = codeOut(state);

  const failed = (error: unknown, fromUpdate = false) => {
    dispatch({ type: 'failed', message: identityErrorMessage(tAuth, error) });
    if (fromUpdate && !isExpected(error)) show({ message: t('contact.updateFailed'), color: 'error' });
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const checked = isEmailRow ? checkNewEmail(input) : checkNewPhone(input);
    if ('problem' in checked) {
      setInputError(t(`validation.${checked.problem}`));
      return;
    }
    setInputError(null);
    dispatch({ type: 'send', value: checked.value });
    try {
      const result = await identityCall('UpdateUserAttributes', { attributes: { [attribute]: checked.value } });
      dispatch(afterUpdate(result, checked.value));
      setCode('');
      if (result.nextStep === 'DONE') await finish(checked.value);
    } catch (error) {
      failed(error, true);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError(t('validation.required'));
      return;
    }
    setCodeError(null);
    dispatch({ type: 'verify' });
    try {
      await identityCall('VerifyUserAttribute', { attribute, code: code.trim() });
      dispatch({ type: 'verified' });
      await finish(state.status === 'idle' ? '' : state.value);
    } catch (error) {
      failed(error);
    }
  };

  const resend = async () => {
    dispatch({ type: 'resend' });
    setCode('');
    try {
      const { codeDelivery } = await identityCall('GetUserAttributeVerificationCode', { attribute });
      dispatch({ type: 'sent', destination: codeDelivery.destination });
    } catch (error) {
      failed(error);
    }
  };

  const finish = async (value: string) => {
    setEditing(false);
    setInput('');
    if (isEmailRow) show({ message: t('contact.emailChanged', { email: value }), color: 'success' });
    await queryClient.invalidateQueries({ queryKey: CLAIMS_QUERY_KEY });
  };

  const cancel = () => {
    setEditing(false);
    setInput('');
    setInputError(null);
    setCode('');
    setCodeError(null);
    dispatch({ type: 'reset' });
  };

  const start = () => {
    dispatch({ type: 'reset' });
    setEditing(true);
  };

  const label = isEmailRow ? t('contact.email') : t('contact.phone');
  const askForValue = editing && !destination && state.status !== 'sending';

  return (
    <Stack spacing={1.5} component="section" aria-labelledby={titleId} data-testid={`contact-${attribute}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <Typography id={titleId} variant="subtitle1" component="h4" sx={{ minWidth: { sm: 180 } }}>
          {label}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', flex: 1, minWidth: 0 }}>
          <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
            {current ?? (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('contact.none')}
              </Box>
            )}
          </Typography>
          {current && (
            // The label keeps the body colour (the theme's success and warning hues are too light for small text).
            <Chip
              size="small"
              variant="outlined"
              icon={verified ? <VerifiedIcon color="success" /> : <PendingIcon color="warning" />}
              label={verified ? t('contact.verified') : t('contact.notVerified')}
            />
          )}
        </Stack>
        {!editing && (
          <Button variant="outlined" onClick={start}>
            {isEmailRow
              ? current
                ? t('contact.changeEmail')
                : t('contact.addEmail')
              : current
                ? t('contact.changePhone')
                : t('contact.addPhone')}
          </Button>
        )}
      </Stack>

      <StatusLine attribute={attribute} state={state} />

      {askForValue && (
        <Stack component="form" noValidate onSubmit={send} spacing={2} sx={{ maxWidth: 480 }}>
          <TextField
            label={isEmailRow ? t('contact.newEmail') : t('contact.newPhone')}
            type={isEmailRow ? 'email' : 'tel'}
            autoComplete={isEmailRow ? 'email' : 'tel'}
            autoFocus
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setInputError(null);
            }}
            error={Boolean(inputError)}
            helperText={inputError ?? (isEmailRow ? t('contact.emailHelp') : phoneHint(input, t))}
          />
          <FormActions cancelLabel={tShell('dialog.cancel')} onCancel={cancel} submitLabel={t('contact.sendCode')} busy={busy} />
        </Stack>
      )}

      {editing && destination && (
        <Stack component="form" noValidate onSubmit={verify} spacing={2} sx={{ maxWidth: 480 }}>
          <CodeField
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeError(null);
            }}
            error={Boolean(codeError)}
            helperText={codeError ?? ' '}
          />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between' }}>
            <Button onClick={cancel} color="secondary">
              {tShell('dialog.cancel')}
            </Button>
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ gap: 1 }}>
              <Button variant="outlined" onClick={() => void resend()} disabled={busy} loading={state.status === 'resending'}>
                {t('contact.resend')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy && state.status !== 'verifying'}
                loading={state.status === 'verifying'}
              >
                {t('contact.verify')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

function phoneHint(input: string, t: TFunction<'profile'>): string {
  const checked = checkNewPhone(input);
  return 'value' in checked ? t('contact.phoneWillBe', { phone: checked.value }) : t('contact.phoneHelp');
}

/** The state in plain words (spec §4 states), read out as it changes; an error is an alert. */
function StatusLine({ attribute, state }: { attribute: ContactAttribute; state: VerificationState }) {
  const { t } = useTranslation('profile');
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <Alert severity="error" role="alert" data-state="error">
        {state.message}
        {state.destination ? ` ${t('contact.state.errorRetry')}` : ''}
      </Alert>
    );
  }
  if (state.status === 'verified') {
    return (
      <Alert severity="success" role="status" data-state="verified">
        {attribute === 'email'
          ? t('contact.state.emailVerified', { email: state.value })
          : t('contact.state.phoneVerified', { phone: state.value })}
      </Alert>
    );
  }
  const text =
    state.status === 'sending'
      ? t('contact.state.sending', { to: state.value })
      : state.status === 'sent'
        ? t('contact.state.sent', { to: state.destination })
        : state.status === 'verifying'
          ? t('contact.state.verifying')
          : t('contact.state.resending', { to: state.destination });
  return (
    <Alert severity="info" role="status" data-state={state.status}>
      {text}
    </Alert>
  );
}
