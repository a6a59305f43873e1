import { Box, Chip, List, ListItem, ListItemButton, Stack, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatTime } from './format';
import { LocationBadge, toned } from './location-badge';
import type { ShownSegment } from './queued-punches';

interface SegmentListProps {
  segments: readonly ShownSegment[];
  jobName: (id: number) => string;
  codeName: (id: number) => string;
  /** Opens a segment's correction; absent: the list is read-only (a signed card). */
  onCorrect?: (segment: ShownSegment) => void;
  /** For the running segment's length. */
  now: number;
  label: string;
  /** Whose segments (the office's lists): their name before each. */
  personName?: (id: number) => string;
}

function SegmentBody({
  segment,
  jobName,
  codeName,
  now,
  personName,
}: Omit<SegmentListProps, 'segments' | 'onCorrect' | 'label'> & { segment: ShownSegment }) {
  const { t, i18n } = useTranslation('timecards');
  const time = (iso: string) => formatTime(iso, i18n.language);
  const end = segment.ended_at ? Date.parse(segment.ended_at) : now;
  const minutes = Math.max(0, (end - Date.parse(segment.started_at)) / 60_000);
  const span = segment.ended_at
    ? t('clock.segments.span', { from: time(segment.started_at), to: time(segment.ended_at) })
    : t('clock.segments.running', { from: time(segment.started_at) });
  const corrected = segment.original_started_at !== null && segment.original_started_at !== undefined;
  return (
    <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {personName ? `${personName(segment.employees_id)} · ` : ''}
          {segment.kind === 'BREAK' ? t('clock.segments.break') : t('clock.segments.work')} {span}
        </Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
          {formatClock(minutes, i18n.language)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
        {jobName(segment.jobs_id)} · {codeName(segment.costcodes_id)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        <LocationBadge
          prefix={t('clock.segments.start')}
          status={segment.start_location_status}
          outside={segment.start_outside_fence}
          distance={segment.start_distance_m}
          pending={segment.queued}
        />
        {segment.ended_at && (
          <LocationBadge
            prefix={t('clock.segments.end')}
            status={segment.end_location_status}
            outside={segment.end_outside_fence}
            distance={segment.end_distance_m}
            pending={segment.queued}
          />
        )}
        {segment.queued && <Chip size="small" {...toned('warning')} label={t('clock.segments.waiting')} />}
        {segment.crew_punch && <Chip size="small" variant="outlined" label={t('clock.segments.crewPunch')} />}
        {segment.missed_clock_out && <Chip size="small" {...toned('error')} label={t('clock.segments.missedOut')} />}
        {segment.card_locked && <Chip size="small" {...toned('warning')} label={t('clock.segments.cardLocked')} />}
      </Box>
      {corrected && (
        <Typography variant="caption" color="text.secondary" data-testid="segment-corrected">
          {segment.original_ended_at
            ? t('clock.segments.correctedWas', {
                from: time(segment.original_started_at as string),
                to: time(segment.original_ended_at),
              })
            : t('clock.segments.correctedWasOpen', { from: time(segment.original_started_at as string) })}
        </Typography>
      )}
    </Stack>
  );
}

/** Segments as recorded, oldest first: times, length, where each was punched, corrections. */
export const SegmentList = memo(function SegmentList({ segments, onCorrect, label, ...rest }: SegmentListProps) {
  const { t } = useTranslation('timecards');
  if (segments.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('clock.segments.none')}
      </Typography>
    );
  }
  return (
    <List aria-label={label} disablePadding data-testid="punch-segments">
      {segments.map((segment) =>
        onCorrect && !segment.queued ? (
          <ListItem key={segment.id} disablePadding divider>
            <ListItemButton onClick={() => onCorrect(segment)} sx={{ px: 1 }} aria-haspopup="dialog">
              <SegmentBody segment={segment} {...rest} />
            </ListItemButton>
          </ListItem>
        ) : (
          <ListItem key={segment.id} divider sx={{ px: 1 }}>
            <SegmentBody segment={segment} {...rest} />
          </ListItem>
        ),
      )}
    </List>
  );
});
