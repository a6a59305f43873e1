import type { MfaType } from '@groundwork/core/identity';
import { Box, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, FormActions } from './fields';
import { codeStepTitle, totpSecretOf } from './sign-in-flow';
import { type StepViewProps, useStepCode } from './use-step-code';

/** The pending sign-in steps of spec §4: a code (SMS, TOTP, e-mail, custom), MFA selection, TOTP setup. */
export function SignInStepView({ outcome, busy, onAnswer, onCancel }: StepViewProps) {
  const { t } = useTranslation('auth');
  const step = useStepCode(onAnswer);
  const [mfaType, setMfaType] = useState<MfaType | ''>('');
  const submitCode = step.submit;

  const codeField = <CodeField value={step.code} onChange={step.onChange} error={Boolean(step.error)} helperText={step.error ?? ' '} />;
  const actions = (submitLabel: string, disabled = false) => (
    <FormActions cancelLabel={t('login.back')} onCancel={onCancel} submitLabel={submitLabel} busy={busy} disabled={disabled} />
  );

  if (outcome.type === 'mfaSelection') {
    return (
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (mfaType) onAnswer({ mfaType });
        }}
      >
        <Typography id="mfa-title">{t('steps.mfaTitle')}</Typography>
        <RadioGroup aria-labelledby="mfa-title" value={mfaType} onChange={(event) => setMfaType(event.target.value as MfaType)}>
          {outcome.allowed.map((type) => (
            <FormControlLabel key={type} value={type} control={<Radio />} label={t(`steps.mfa_${type}`)} />
          ))}
        </RadioGroup>
        {actions(t('steps.continue'), !mfaType)}
      </Stack>
    );
  }

  if (outcome.type === 'totpSetup') {
    const secret = totpSecretOf(outcome.totpUri);
    return (
      <Stack component="form" noValidate spacing={2} onSubmit={submitCode}>
        <Typography>{t('steps.totpSetupTitle')}</Typography>
        <Typography variant="body2">{t('steps.totpSetupBody')}</Typography>
        <Box sx={{ alignSelf: 'center', bgcolor: '#fff', p: 1.5, borderRadius: 1 }}>
          <QRCodeSVG value={outcome.totpUri} size={176} title={t('steps.totpQr')} role="img" aria-label={t('steps.totpQr')} />
        </Box>
        {secret && (
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('steps.totpSecret', { secret })}
          </Typography>
        )}
        {codeField}
        {actions(t('steps.verify'))}
      </Stack>
    );
  }

  const title = codeStepTitle(t, outcome);
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submitCode}>
      <Typography>{title}</Typography>
      {codeField}
      {actions(t('steps.verify'))}
    </Stack>
  );
}
