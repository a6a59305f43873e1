import WifiOffIcon from '@mui/icons-material/WifiOff';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from './online';

/**
 * The screens whose field actions wait on the phone without signal (issue 24: time, receipts, tools, daily reports,
 * tasks, the schedule): there the person may keep working offline. Every other screen needs the server and stays
 * behind the modal.
 */
const FIELD_PATHS = [
  '/modules/timecards',
  '/modules/receipts',
  '/modules/tool20',
  '/modules/project-notes',
  '/modules/tasks',
  '/modules/scheduled',
  '/modules/scheduling',
];
export const isFieldPath = (path: string) => FIELD_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/** The page's path, re-read each second while `watch` (the router lives outside the shell's providers). */
function usePath(watch: boolean): string {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    setPath(window.location.pathname);
    if (!watch) return;
    const timer = setInterval(() => setPath(window.location.pathname), 1000);
    return () => clearInterval(timer);
  }, [watch]);
  return path;
}

/**
 * Spec §2, §4: persistent 'No Connection' modal while the browser is offline. On a field screen it offers to keep
 * working offline (what is done there waits on the phone and is sent later); leaving for a screen that needs the
 * server brings it back, and so does the next loss of signal.
 */
export function OfflineModal() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  const titleId = useId();
  const [keepWorking, setKeepWorking] = useState(false);
  const path = usePath(!online);
  useEffect(() => {
    if (online) setKeepWorking(false);
  }, [online]);
  const field = isFieldPath(path);
  return (
    // No onClose: neither an outside click nor Escape dismisses it; coming back online does.
    <Dialog open={!online && !(keepWorking && field)} aria-labelledby={titleId}>
      <DialogTitle id={titleId} component="h2">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <WifiOffIcon color="warning" />
          <span>{t('offline.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('offline.body')}</DialogContentText>
      </DialogContent>
      {field && (
        <DialogActions>
          <Button onClick={() => setKeepWorking(true)}>{t('offline.keepWorking')}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
