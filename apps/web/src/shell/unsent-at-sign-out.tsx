import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface UnsentAtSignOutProps {
  /** How many changes wait on this phone; 0 closes the dialog. */
  count: number;
  onClose: () => void;
  onSignOut: () => void;
  onSend: () => void;
}

/** Sign-out with changes still on this phone (issue 24): sign out anyway, or send them first. */
export function UnsentAtSignOutDialog({ count, onClose, onSignOut, onSend }: UnsentAtSignOutProps) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  return (
    <Dialog open={count > 0} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('outbox.signOutTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('outbox.signOutText', { count })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onSignOut}>
          {t('outbox.signOutAnyway')}
        </Button>
        <Button variant="contained" onClick={onSend}>
          {t('outbox.signOutSend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
