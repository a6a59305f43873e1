import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, PasswordField } from '../../../auth/fields';
import { identityErrorMessage } from '../../../auth/messages';
import { CLAIMS_QUERY_KEY, useClaims } from '../../../auth/session';
import { SignInStepView } from '../../../auth/sign-in-steps';
import { identityCall } from '../../../lib/identity-client';
import { useSnackbar } from '../../../shell/snackbar';
import { passwordAction } from '../password-actions';

type Step = { type: 'idle' } | { type: 'password' } | { type: 'scan'; totpUri: string };

/**
 * Spec §7 MFA setup from the profile: AssociateSoftwareToken (after the password again), the QR code of
 * the sign-in steps, then VerifySoftwareToken with a code from the app.
 */
export function TotpSetup() {
  const { t } = useTranslation('profile');
  const { t: tAuth } = useTranslation('auth');
  const { t: tShell } = useTranslation('shell');
  const { show } = useSnackbar();
  const queryClient = useQueryClient();
  const claims = useClaims().data;
  const enabled = claims?.mfa.enabled.includes('TOTP') ?? false;
  const [step, setStep] = useState<Step>({ type: 'idle' });
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const associate = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setPasswordError(t('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { totpUri } = await passwordAction('AssociateSoftwareToken', { password });
      setPassword('');
      setStep({ type: 'scan', totpUri });
    } catch (caught) {
      setError(identityErrorMessage(tAuth, caught));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    setBusy(true);
    setError(null);
    try {
      await identityCall('VerifySoftwareToken', { code });
      setStep({ type: 'idle' });
      show({ message: t('mfa.enabled'), color: 'success' });
      await queryClient.invalidateQueries({ queryKey: CLAIMS_QUERY_KEY });
    } catch (caught) {
      setError(identityErrorMessage(tAuth, caught));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setStep({ type: 'idle' });
    setPassword('');
    setPasswordError(null);
    setError(null);
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="totp-title">
      <Typography id="totp-title" variant="subtitle1" component="h3">
        {t('mfa.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {enabled ? t('mfa.on') : t('mfa.off')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {step.type === 'idle' && (
        <Button variant="outlined" onClick={() => setStep({ type: 'password' })} sx={{ alignSelf: 'flex-start' }}>
          {enabled ? t('mfa.setupAgain') : t('mfa.setup')}
        </Button>
      )}
      {step.type === 'password' && (
        <Stack component="form" noValidate spacing={2} onSubmit={associate}>
          <Typography variant="body2">{t('mfa.passwordPrompt')}</Typography>
          <PasswordField
            label={t('password.old')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            }}
            error={Boolean(passwordError)}
            helperText={passwordError ?? ' '}
          />
          <FormActions cancelLabel={tShell('dialog.cancel')} onCancel={cancel} submitLabel={t('mfa.continue')} busy={busy} />
        </Stack>
      )}
      {step.type === 'scan' && (
        <SignInStepView
          outcome={{ type: 'totpSetup', session: '', totpUri: step.totpUri }}
          busy={busy}
          onAnswer={({ answer }) => {
            if (answer) void verify(answer);
          }}
          onCancel={cancel}
        />
      )}
    </Stack>
  );
}
