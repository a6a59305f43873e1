import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatTime } from './format';
import { toned } from './location-badge';
import { type ShownSegment, workedMinutes } from './queued-punches';

/** The time now, again every `everyMs` (the running clock's tick): only the part that shows it renders again. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The open segment's running time and the day's worked time, ticking. */
function RunningTimes({ open, today }: { open: ShownSegment; today: readonly ShownSegment[] }) {
  const { t, i18n } = useTranslation('timecards');
  const now = useNow();
  const running = Math.max(0, (now - Date.parse(open.started_at)) / 60_000);
  const worked = workedMinutes(today, now);
  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Box>
        <Typography
          component="p"
          sx={{ fontSize: '3rem', fontWeight: 600, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}
          data-testid="punch-timer"
          aria-label={t('clock.status.runningLabel', { time: formatClock(running, i18n.language) })}
        >
          {formatClock(running, i18n.language)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {open.kind === 'BREAK' ? t('clock.status.onBreakFor') : t('clock.status.thisStretch')}
        </Typography>
      </Box>
      <Box>
        <Typography component="p" variant="h5" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="punch-worked-today">
          {formatClock(worked, i18n.language)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('clock.status.workedToday')}
        </Typography>
      </Box>
    </Stack>
  );
}

interface PunchStatusProps {
  open: ShownSegment | null;
  today: readonly ShownSegment[];
  waiting: number;
  jobName: (id: number) => string;
  codeName: (id: number) => string;
}

/** Where the person stands, big and plain: off the clock, on the clock at a job since a time, or on a break. */
export function PunchStatus({ open, today, waiting, jobName, codeName }: PunchStatusProps) {
  const { t, i18n } = useTranslation('timecards');
  const worked = workedMinutes(today, Date.now());
  const headline = !open
    ? t('clock.status.off')
    : open.kind === 'BREAK'
      ? t('clock.status.onBreak', { time: formatTime(open.started_at, i18n.language) })
      : t('clock.status.on', { time: formatTime(open.started_at, i18n.language) });
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="punch-status-heading"
      sx={{
        p: 2,
        borderWidth: 2,
        borderColor: open ? (open.kind === 'BREAK' ? 'warning.main' : 'success.main') : 'divider',
      }}
      data-testid="punch-status"
    >
      <Stack spacing={1}>
        {/* The state is announced when it changes: a screen reader hears the punch land. */}
        <Typography id="punch-status-heading" variant="h5" component="h2" aria-live="polite">
          {headline}
        </Typography>
        {open && (
          <Typography variant="body1" data-testid="punch-where">
            {jobName(open.jobs_id)} · {codeName(open.costcodes_id)}
          </Typography>
        )}
        {open ? (
          <RunningTimes open={open} today={today} />
        ) : (
          worked > 0 && (
            <Typography variant="body1" data-testid="punch-worked-today">
              {t('clock.status.workedTodayTotal', { time: formatClock(worked, i18n.language) })}
            </Typography>
          )
        )}
        {waiting > 0 && (
          <Chip
            icon={<CloudUploadOutlinedIcon />}
            {...toned('warning', {
              alignSelf: 'flex-start',
              height: 'auto',
              minHeight: 32,
              '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
            })}
            label={t('clock.status.waiting', { count: waiting })}
            data-testid="punch-waiting"
          />
        )}
      </Stack>
    </Paper>
  );
}
