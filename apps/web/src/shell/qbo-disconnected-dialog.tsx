import { Link, Typography } from '@mui/material';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';
import { QBO_DISCONNECTED_KEY, readStorage, removeStorage } from './shell-storage';

export const QBO_DIALOG_QUERY = 'qbo-disconnected';
export const QBO_LEARN_MORE_URL = 'https://quickbooks.intuit.com/learn-support/';

// Spec §4: any value other than absent or 'false' counts as set.
function flagIsSet(): boolean {
  const value = readStorage(QBO_DISCONNECTED_KEY);
  return value !== null && value !== 'false';
}

/**
 * Spec §2, §4: opens at start when the local flag is set or dialog=qbo-disconnected is in the URL, and again when the
 * query becomes qbo-disconnected while closed. Closing removes the query (replacing the history entry) and the flag.
 */
export function useQboDisconnectedDialog() {
  // Read loosely: the dashboard's typed search is another issue's, and this notice may open on any appview route.
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const queryPresent = search.dialog === QBO_DIALOG_QUERY;
  const [open, setOpen] = useState(() => queryPresent || flagIsSet());

  useEffect(() => {
    if (queryPresent) setOpen(true);
  }, [queryPresent]);

  const close = useCallback(() => {
    setOpen(false);
    removeStorage(QBO_DISCONNECTED_KEY);
    if (!queryPresent) return;
    void navigate({
      to: '.',
      // Only `dialog` goes; id, admin, tab, step and the rest stay as they are.
      search: ((previous: Record<string, unknown>) => {
        const { dialog: _removed, ...rest } = previous;
        return rest;
      }) as never,
      replace: true,
    });
  }, [navigate, queryPresent]);

  return { open, close };
}

interface QboDisconnectedDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The accounting-disconnected notice: text, an external learn-more link, and only the close control. */
export function QboDisconnectedDialog({ open, onClose }: QboDisconnectedDialogProps) {
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

/** Mounted in the appview layout. */
export function QboDisconnectedNotice() {
  const { open, close } = useQboDisconnectedDialog();
  return <QboDisconnectedDialog open={open} onClose={close} />;
}
