import type { MfaType } from '@groundwork/core/identity';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput, FormActions } from './light-ui';
import { codeStepTitle, totpSecretOf } from './sign-in-flow';
import { type StepViewProps, useStepCode } from './use-step-code';

/**
 * The pending sign-in steps of spec §4 on the login page: a code (SMS, TOTP, e-mail, custom), MFA selection, TOTP
 * setup. Loaded only when a sign-in asks for one (the QR code's library stays out of /login's first download).
 */
export function SignInStepView({ outcome, busy, onAnswer, onCancel }: StepViewProps) {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const step = useStepCode(onAnswer);
  const [mfaType, setMfaType] = useState<MfaType | ''>('');
  const submitCode = step.submit;

  const codeField = <CodeInput value={step.code} onChange={step.onChange} error={step.error} />;
  const actions = (submitLabel: string, disabled = false) => (
    <FormActions cancelLabel={t('login.back')} onCancel={onCancel} submitLabel={submitLabel} busy={busy} disabled={disabled} />
  );

  if (outcome.type === 'mfaSelection') {
    return (
      <form
        className="gw-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (mfaType) onAnswer({ mfaType });
        }}
      >
        <p className="gw-text" id={titleId}>
          {t('steps.mfaTitle')}
        </p>
        <div className="gw-radios" role="radiogroup" aria-labelledby={titleId}>
          {outcome.allowed.map((type) => (
            <label className="gw-radio" key={type}>
              <input type="radio" name="mfaType" value={type} checked={mfaType === type} onChange={() => setMfaType(type)} />
              <span>{t(`steps.mfa_${type}`)}</span>
            </label>
          ))}
        </div>
        {actions(t('steps.continue'), !mfaType)}
      </form>
    );
  }

  if (outcome.type === 'totpSetup') {
    const secret = totpSecretOf(outcome.totpUri);
    return (
      <form className="gw-form" noValidate onSubmit={submitCode}>
        <p className="gw-text">{t('steps.totpSetupTitle')}</p>
        <p className="gw-small">{t('steps.totpSetupBody')}</p>
        <div className="gw-qr">
          <QRCodeSVG value={outcome.totpUri} size={176} title={t('steps.totpQr')} role="img" aria-label={t('steps.totpQr')} />
        </div>
        {secret && <p className="gw-small gw-break">{t('steps.totpSecret', { secret })}</p>}
        {codeField}
        {actions(t('steps.verify'))}
      </form>
    );
  }

  return (
    <form className="gw-form" noValidate onSubmit={submitCode}>
      <p className="gw-text">{codeStepTitle(t, outcome)}</p>
      {codeField}
      {actions(t('steps.verify'))}
    </form>
  );
}
