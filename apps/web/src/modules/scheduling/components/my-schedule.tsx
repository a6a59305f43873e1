import { addDays, isoDay } from '@groundwork/core/pay-periods';
import { SCHEDULE_LIMITS } from '@groundwork/core/scheduling';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturbOn';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutboxOwner } from '../../../auth/session';
import { sendFieldAction } from '../../../lib/outbox/send';
import { useSnackbar } from '../../../shell/snackbar';
import { fetchMySchedule, type MyDay, respondMutation, respondToSchedule, scheduleKeys } from '../api/scheduling';
import { dayLabel } from '../lib/labels';

/** /modules/scheduled: a worker's own upcoming days with job, address and foreman; confirm or decline each. */
export function MySchedule({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('scheduling');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const from = isoDay(new Date());
  const to = addDays(from, 13);
  const [declining, setDeclining] = useState<MyDay | null>(null);
  const [reason, setReason] = useState('');
  const days = useQuery({ queryKey: scheduleKeys.mine(tenant, from, to), queryFn: () => fetchMySchedule(tenant, from, to) });
  const owner = useOutboxOwner();
  const answer = useMutation({
    // A field action: with no signal it waits on this phone (lib/outbox) and is sent once, in order, later.
    networkMode: 'always',
    mutationFn: async ({ day, status, why }: { day: MyDay; status: 'confirmed' | 'declined'; why?: string }) => {
      if (!owner) return { queued: false as const, data: await respondToSchedule(tenant, day.id, status, why) };
      return sendFieldAction({
        owner,
        tenant,
        kind: 'schedule-answer',
        label: t(status === 'confirmed' ? 'mine.outboxConfirm' : 'mine.outboxDecline', { day: dayLabel(day.date, i18n.language, true) }),
        document: respondMutation,
        variables: { tenant_uuid: tenant, id: day.id, status, reason: why ?? null },
      });
    },
    onSuccess: (sent, { status }) => {
      if (sent.queued) snackbar.show({ color: 'info', message: t('messages.answerQueued') });
      else snackbar.show({ color: 'success', message: t(status === 'confirmed' ? 'messages.confirmed' : 'messages.declined') });
      setDeclining(null);
      setReason('');
      return queryClient.invalidateQueries({ queryKey: scheduleKeys.all(tenant) });
    },
    onError: (error) => {
      console.error('respondToSchedule failed', error);
      snackbar.show({ color: 'error', message: t('messages.confirmError') });
    },
  });

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t('titles.mine')}
      </Typography>
      {days.isPending && <CircularProgress aria-label={t('titles.mine')} />}
      {days.isError && <Alert severity="error">{t('messages.fetchError')}</Alert>}
      {days.data?.length === 0 && <Alert severity="info">{t('mine.empty')}</Alert>}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {days.data?.map((day) => {
          const work = day.event_type === 'Work';
          const status = day.confirmation_status;
          return (
            <li key={day.id}>
              <Card
                variant="outlined"
                component="article"
                aria-label={dayLabel(day.date, i18n.language, true)}
                data-testid={`my-day-${day.date}`}
              >
                <CardContent sx={{ pb: 1 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {dayLabel(day.date, i18n.language, true)}
                  </Typography>
                  <Typography>{work ? day.job_label : t('board.timeOff', { type: day.event_type })}</Typography>
                  {day.address && (
                    <Typography variant="body2" color="text.secondary">
                      {day.address}
                    </Typography>
                  )}
                  {day.foremen && (
                    <Typography variant="body2" color="text.secondary">
                      {t('mine.foreman', { names: day.foremen })}
                    </Typography>
                  )}
                  {work && (
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 1 }} data-testid="my-day-status">
                      {status === 'confirmed' && <CheckCircleIcon fontSize="small" color="success" />}
                      {status === 'declined' && <DoNotDisturbIcon fontSize="small" color="error" />}
                      <Typography variant="body2">
                        {t(
                          status === 'confirmed'
                            ? 'board.statusConfirmed'
                            : status === 'declined'
                              ? 'board.statusDeclined'
                              : 'board.statusPending',
                        )}
                        {day.confirmation_reason ? ` · ${day.confirmation_reason}` : ''}
                      </Typography>
                    </Stack>
                  )}
                </CardContent>
                {work && (
                  <CardActions>
                    <Button
                      variant={status === 'confirmed' ? 'outlined' : 'contained'}
                      disabled={answer.isPending || status === 'confirmed'}
                      onClick={() => answer.mutate({ day, status: 'confirmed' })}
                      sx={{ minHeight: 44 }}
                    >
                      {t('mine.confirm')}
                    </Button>
                    <Button
                      color="error"
                      disabled={answer.isPending || status === 'declined'}
                      onClick={() => setDeclining(day)}
                      sx={{ minHeight: 44 }}
                    >
                      {t('mine.decline')}
                    </Button>
                  </CardActions>
                )}
              </Card>
            </li>
          );
        })}
      </Stack>
      <Dialog open={declining !== null} onClose={() => setDeclining(null)} aria-labelledby="decline-title" fullWidth maxWidth="xs">
        <DialogTitle id="decline-title">
          {declining ? t('mine.declineTitle', { date: dayLabel(declining.date, i18n.language, true) }) : ''}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={t('mine.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            multiline
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: SCHEDULE_LIMITS.reason } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeclining(null)}>{t('board.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => declining && answer.mutate({ day: declining, status: 'declined', why: reason })}
          >
            {t('mine.decline')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
