import WifiOffIcon from '@mui/icons-material/WifiOff';
import { Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from './online';

/** Spec §2, §4: persistent 'No Connection' modal while the browser is offline. */
export function OfflineModal() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  const titleId = useId();
  return (
    // No onClose: neither an outside click nor Escape dismisses it; coming back online does.
    <Dialog open={!online} aria-labelledby={titleId}>
      <DialogTitle id={titleId} component="h2">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <WifiOffIcon color="warning" />
          <span>{t('offline.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('offline.body')}</DialogContentText>
      </DialogContent>
    </Dialog>
  );
}
