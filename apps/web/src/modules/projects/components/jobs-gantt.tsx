import { jobLabel } from '@groundwork/core/names';
import { Box, Link, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import dayjs from 'dayjs';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { dateFormat } from '../../../lib/intl';
import type { Job } from '../api/queries';
import { applyAction, axisRange, daysBetween, keyToAction, monthTicks, pixelsToDays, type Span, toIso } from '../lib/timeline';
import { useTimelineUpdate } from './use-timeline-update';

const PX_PER_DAY = 4;
const ROW_HEIGHT = 40;
const LABEL_WIDTH = 220;
/** Keyboard moves are saved once the keys have been still this long (Enter saves at once). */
const KEYBOARD_COMMIT_MS = 800;

export interface Milestone {
  title: string;
  date: string;
}

export function readMilestones(value: unknown): Milestone[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (m): m is Milestone => Boolean(m) && typeof m === 'object' && typeof m.title === 'string' && typeof m.date === 'string',
  );
}

interface JobsGanttProps {
  tenant: string;
  jobs: readonly Job[];
  editable: boolean;
  /** Shows each job's milestones on its row (the single-job timeline). */
  showMilestones?: boolean;
  onSelect?: (id: number) => void;
  label: string;
}

export function JobsGantt({ tenant, jobs, editable, showMilestones = false, onSelect, label }: JobsGanttProps) {
  const { t, i18n } = useTranslation('projects');
  const theme = useTheme();
  const instructionsId = useId();
  const range = useMemo(
    () =>
      axisRange(
        jobs.flatMap((j) => [j.start_date, j.end_date, ...(showMilestones ? readMilestones(j.milestones).map((m) => m.date) : [])]),
      ),
    [jobs, showMilestones],
  );
  const ticks = useMemo(() => monthTicks(range), [range]);
  const width = range.days * PX_PER_DAY;
  const today = toIso(dayjs());
  const todayOffset = daysBetween(range.start, today);
  const monthFormat = dateFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' });

  return (
    <Box role="group" aria-label={label}>
      {editable && (
        <Typography id={instructionsId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('timeline.instructions')}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="gantt-scroll">
        <Box sx={{ display: 'grid', gridTemplateColumns: `${LABEL_WIDTH}px ${width}px`, minWidth: LABEL_WIDTH + width }}>
          <Box sx={{ position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }} />
          <Box sx={{ position: 'relative', height: 32, borderBottom: 1, borderColor: 'divider' }} aria-hidden>
            {ticks.map((tick) => (
              <Box
                key={tick.iso}
                sx={{
                  position: 'absolute',
                  left: tick.offsetDays * PX_PER_DAY,
                  width: tick.lengthDays * PX_PER_DAY,
                  top: 0,
                  bottom: 0,
                  borderLeft: 1,
                  borderColor: 'divider',
                  px: 0.5,
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  fontSize: 12,
                  lineHeight: '32px',
                  color: 'text.secondary',
                }}
              >
                {monthFormat.format(new Date(`${tick.iso}T00:00:00Z`))}
              </Box>
            ))}
          </Box>
          {jobs.map((job) => (
            <GanttRow
              key={job.id}
              tenant={tenant}
              job={job}
              rangeStart={range.start}
              rangeDays={range.days}
              ticks={ticks.map((tick) => tick.offsetDays)}
              todayOffset={todayOffset >= 0 && todayOffset < range.days ? todayOffset : null}
              editable={editable}
              showMilestones={showMilestones}
              onSelect={onSelect}
              instructionsId={editable ? instructionsId : undefined}
              barColor={theme.palette.primary.main}
              trackTint={alpha(theme.palette.primary.main, 0.06)}
            />
          ))}
        </Box>
      </Box>
    </Box>
  );
}

interface GanttRowProps {
  tenant: string;
  job: Job;
  rangeStart: string;
  rangeDays: number;
  ticks: number[];
  todayOffset: number | null;
  editable: boolean;
  showMilestones: boolean;
  onSelect?: (id: number) => void;
  instructionsId?: string;
  barColor: string;
  trackTint: string;
}

interface Drag {
  pointerId: number;
  startX: number;
  kind: 'move' | 'resize';
  origin: Span;
  moved: boolean;
}

function GanttRow({
  tenant,
  job,
  rangeStart,
  rangeDays,
  ticks,
  todayOffset,
  editable,
  showMilestones,
  onSelect,
  instructionsId,
  barColor,
  trackTint,
}: GanttRowProps) {
  const { t, i18n } = useTranslation('projects');
  const save = useTimelineUpdate(tenant);
  const [preview, setPreview] = useState<Span | null>(null);
  const drag = useRef<Drag | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(keyTimer.current), []);

  const saved: Span | null = job.start_date && job.end_date ? { start_date: job.start_date, end_date: job.end_date } : null;
  const span = preview ?? saved;
  const name = jobLabel(job);

  const commit = (next: Span) => {
    clearTimeout(keyTimer.current);
    if (!saved || (next.start_date === saved.start_date && next.end_date === saved.end_date)) {
      setPreview(null);
      return;
    }
    save.mutate({ id: job.id, span: next }, { onSettled: () => setPreview(null) });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!editable || !saved || event.button !== 0) return;
    const kind = (event.target as HTMLElement).dataset.handle === 'end' ? 'resize' : 'move';
    drag.current = { pointerId: event.pointerId, startX: event.clientX, kind, origin: span ?? saved, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const days = pixelsToDays(event.clientX - current.startX, PX_PER_DAY);
    current.moved = current.moved || days !== 0;
    setPreview(applyAction(current.origin, { kind: current.kind, days }));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    const days = pixelsToDays(event.clientX - current.startX, PX_PER_DAY);
    commit(applyAction(current.origin, { kind: current.kind, days }));
  };
  const onPointerCancel = () => {
    drag.current = null;
    setPreview(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!editable || !span) return;
    if (event.key === 'Enter' && preview) {
      event.preventDefault();
      commit(preview);
      return;
    }
    if (event.key === 'Escape' && preview) {
      event.preventDefault();
      clearTimeout(keyTimer.current);
      setPreview(null);
      return;
    }
    const action = keyToAction(event.key, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    const next = applyAction(span, action);
    setPreview(next);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => commit(next), KEYBOARD_COMMIT_MS);
  };

  const left = span ? daysBetween(rangeStart, span.start_date) * PX_PER_DAY : 0;
  const barWidth = span ? (daysBetween(span.start_date, span.end_date) + 1) * PX_PER_DAY : 0;
  const rangeText = span
    ? t('timeline.range', { start: formatDay(span.start_date, i18n.language, '—'), end: formatDay(span.end_date, i18n.language, '—') })
    : t('timeline.noDates');

  return (
    <>
      <Box
        sx={{
          position: 'sticky',
          left: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          height: ROW_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          px: 1,
          borderBottom: 1,
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        {onSelect ? (
          <Link component="button" type="button" onClick={() => onSelect(job.id)} noWrap sx={{ textAlign: 'left', maxWidth: '100%' }}>
            {name}
          </Link>
        ) : (
          <Typography noWrap variant="body2">
            {name}
          </Typography>
        )}
      </Box>
      <Box sx={{ position: 'relative', height: ROW_HEIGHT, borderBottom: 1, borderColor: 'divider', bgcolor: trackTint }}>
        {ticks.map((offset) => (
          <Box
            key={offset}
            aria-hidden
            sx={{ position: 'absolute', left: offset * PX_PER_DAY, top: 0, bottom: 0, borderLeft: 1, borderColor: 'divider' }}
          />
        ))}
        {todayOffset !== null && (
          <Box
            aria-hidden
            sx={{ position: 'absolute', left: todayOffset * PX_PER_DAY, top: 0, bottom: 0, borderLeft: 2, borderColor: 'error.main' }}
          />
        )}
        {span ? (
          <Box
            role="slider"
            tabIndex={0}
            aria-label={name}
            aria-valuemin={0}
            aria-valuemax={rangeDays}
            aria-valuenow={daysBetween(rangeStart, span.start_date)}
            aria-valuetext={rangeText}
            aria-describedby={instructionsId}
            aria-readonly={!editable || undefined}
            aria-disabled={save.isPending || undefined}
            data-testid={`gantt-bar-${job.id}`}
            data-start={span.start_date}
            data-end={span.end_date}
            title={`${name}: ${rangeText}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onKeyDown={onKeyDown}
            onBlur={() => {
              // Leaving the bar saves a keyboard move at once rather than waiting.
              if (preview && !drag.current) commit(preview);
            }}
            sx={{
              position: 'absolute',
              left,
              width: barWidth,
              top: 8,
              height: ROW_HEIGHT - 16,
              borderRadius: 1,
              bgcolor: barColor,
              opacity: save.isPending ? 0.6 : 1,
              cursor: editable ? 'grab' : 'default',
              touchAction: editable ? 'none' : 'auto',
              outlineOffset: 2,
              '&:focus-visible': { outline: 2, outlineColor: 'text.primary', outlineStyle: 'solid' },
            }}
          >
            {editable && (
              <Box
                data-handle="end"
                aria-hidden
                sx={{
                  position: 'absolute',
                  right: 0,
                  top: 0,
                  bottom: 0,
                  width: 8,
                  cursor: 'ew-resize',
                  borderRight: 3,
                  borderColor: 'primary.dark',
                }}
              />
            )}
          </Box>
        ) : (
          <Typography variant="caption" color="text.secondary" sx={{ position: 'absolute', left: 8, lineHeight: `${ROW_HEIGHT}px` }}>
            {t('timeline.noDates')}
          </Typography>
        )}
        {showMilestones &&
          readMilestones(job.milestones).map((m) => (
            <Box
              key={`${m.title}-${m.date}`}
              aria-hidden
              title={`${m.title}: ${formatDay(m.date, i18n.language, '—')}`}
              sx={{
                position: 'absolute',
                left: daysBetween(rangeStart, m.date) * PX_PER_DAY + PX_PER_DAY / 2 - 6,
                top: ROW_HEIGHT / 2 - 6,
                width: 12,
                height: 12,
                transform: 'rotate(45deg)',
                bgcolor: 'secondary.main',
                border: 1,
                borderColor: 'background.paper',
                pointerEvents: 'none',
              }}
            />
          ))}
      </Box>
    </>
  );
}
