import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';

/** Where the notice's learn-more link goes: QuickBooks' own help pages. */
export const QBO_LEARN_MORE_URL = 'https://quickbooks.intuit.com/learn-support/';

interface QboDisconnectedDialogProps {
  open: boolean;
  onClose: () => void;
  /** Admins only: reconnecting through the accounting connect action. */
  onReconnect?: () => void;
}

/** The accounting-disconnected notice: text, an external learn-more link, and only the close control. */
export function QboDisconnectedDialog({ open, onClose, onReconnect }: QboDisconnectedDialogProps) {
  const { t } = useTranslation('shell');
  return (
    <AppDialog open={open} onClose={onClose} title={t('qbo.title')}>
      <Typography sx={{ mb: 2 }}>{t('qbo.body')}</Typography>
      <Link href={QBO_LEARN_MORE_URL} target="_blank" rel="noopener noreferrer">
        {t('qbo.learnMore')}
        <Typography component="span" sx={visuallyHidden}>
          {` ${t('qbo.opensInNewTab')}`}
        </Typography>
      </Link>
      {onReconnect && (
        <Box sx={{ mt: 2 }}>
          <Link component="button" type="button" variant="body1" onClick={onReconnect}>
            {t('qbo.reconnect')}
          </Link>
        </Box>
      )}
    </AppDialog>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
