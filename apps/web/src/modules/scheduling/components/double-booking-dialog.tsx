import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { NewEntry } from '../api/scheduling';
import { dayLabel, failureText } from '../lib/labels';

/** After a save: the adds the server refused as double bookings, to book anyway or skip. */
export function DoubleBookingDialog({
  entries,
  pending,
  name,
  jobLabel,
  onSkip,
  onConfirm,
}: {
  entries: NewEntry[] | null;
  pending: boolean;
  name: (id: number) => string;
  jobLabel: (id: number | null) => string;
  onSkip: () => void;
  onConfirm: (entries: NewEntry[]) => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  return (
    <Dialog open={entries !== null} onClose={() => !pending && entries && onSkip()} aria-labelledby="schedule-double-title">
      <DialogTitle id="schedule-double-title">{t('board.doubleTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{t('board.doubleText')}</Typography>
        <ul>
          {entries?.map((e) => (
            <li key={`${e.employees_id}-${e.jobs_id}-${e.date}`}>
              {name(e.employees_id)}, {jobLabel(e.jobs_id)}, {dayLabel(e.date, i18n.language)}:{' '}
              {failureText('Already scheduled on another job that day.', t)}
            </li>
          ))}
        </ul>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSkip} disabled={pending}>
          {t('board.doubleSkip')}
        </Button>
        <Button variant="contained" onClick={() => entries && onConfirm(entries)} disabled={pending}>
          {t('board.doubleConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
