import { DialogContentText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';

/**
 * Asked before the first punch that would carry a place (the company asks for it): why, and that nothing is tracked
 * between punches. A yes is followed by the browser's own question; a no punches without a place.
 */
export function LocationConsentDialog({ onAnswer }: { onAnswer: (yes: boolean) => void }) {
  const { t } = useTranslation('timecards');
  return (
    <AppDialog
      open
      onClose={() => onAnswer(false)}
      title={t('clock.consent.title')}
      cancelButton={{ onClick: () => onAnswer(false), label: t('clock.consent.no') }}
      actionButton={{ onClick: () => onAnswer(true), label: t('clock.consent.yes') }}
    >
      <DialogContentText sx={{ mb: 1 }}>{t('clock.consent.why')}</DialogContentText>
      <DialogContentText sx={{ mb: 1 }}>{t('clock.consent.only')}</DialogContentText>
      <DialogContentText>{t('clock.consent.browser')}</DialogContentText>
    </AppDialog>
  );
}
