import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../auth/session';
import { useSnackbar } from '../../shell/snackbar';

/**
 * Spec §2: /dashboard?dialog=subscription-cancelled, shown to non-admins (admins are sent to the subscription
 * settings by the route). Persistent: the company cannot be used until an administrator renews, so neither an
 * outside click nor Escape dismisses it; signing out is the way out (and to another company).
 */
export function SubscriptionCancelledDialog() {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const bodyId = useId();
  const signOut = useSignOut();
  const { show } = useSnackbar();
  const doSignOut = async () => {
    const { ok } = await signOut();
    if (!ok) show({ message: t('subscriptionCancelled.signOutFailed'), color: 'error' });
  };
  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={bodyId}>
      <DialogTitle id={titleId} component="h2">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CreditCardOffIcon color="warning" aria-hidden />
          <span>{t('subscriptionCancelled.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('subscriptionCancelled.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void doSignOut()}>{t('subscriptionCancelled.signOut')}</Button>
      </DialogActions>
    </Dialog>
  );
}
