import { Alert, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { TimecardDialog } from '../components/dialog-fields';
import { refusalMessage } from '../lib/messages';
import { atLocalTime, formatTime, timeInputValue } from './format';
import { correctPunch, type PunchSegment, punchQueries } from './punch-api';

type CorrectionError = 'required' | 'format' | 'endBeforeStart' | 'future';
export type Correction =
  | { ok: true; started_at: string; ended_at: string | null }
  | { ok: false; field: 'start' | 'end'; error: CorrectionError };

const localDay = (iso: string) => new Date(iso).toDateString();

/**
 * The corrected times of a segment from what was typed (local hours and minutes on the segment's own day; an end
 * before the start is the next day only when the segment did run past midnight). Nothing in the future.
 */
export function readCorrection(
  segment: Pick<PunchSegment, 'started_at' | 'ended_at'>,
  start: string,
  end: string,
  now = Date.now(),
): Correction {
  if (!start.trim()) return { ok: false, field: 'start', error: 'required' };
  const started_at = atLocalTime(segment.started_at, start.trim());
  if (!started_at) return { ok: false, field: 'start', error: 'format' };
  if (Date.parse(started_at) > now) return { ok: false, field: 'start', error: 'future' };
  if (!segment.ended_at) return { ok: true, started_at, ended_at: null };
  if (!end.trim()) return { ok: false, field: 'end', error: 'required' };
  const overnight = localDay(segment.started_at) !== localDay(segment.ended_at);
  const ended_at = atLocalTime(segment.started_at, end.trim(), overnight ? 1 : 0);
  if (!ended_at) return { ok: false, field: 'end', error: 'format' };
  if (Date.parse(ended_at) <= Date.parse(started_at)) return { ok: false, field: 'end', error: 'endBeforeStart' };
  if (Date.parse(ended_at) > now) return { ok: false, field: 'end', error: 'future' };
  return { ok: true, started_at, ended_at };
}

interface CorrectionDialogProps {
  tenant: string;
  segment: PunchSegment;
  title: string;
  onClose: () => void;
}

/** A segment's start and end, corrected until the card is signed; the first correction keeps the original times. */
export function CorrectionDialog({ tenant, segment, title, onClose }: CorrectionDialogProps) {
  const { t, i18n } = useTranslation('timecards');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [start, setStart] = useState(timeInputValue(segment.started_at));
  const [end, setEnd] = useState(segment.ended_at ? timeInputValue(segment.ended_at) : '');
  const [submitted, setSubmitted] = useState(false);
  const read = readCorrection(segment, start, end);
  const shownError = submitted && !read.ok ? read : null;
  const save = useMutation({
    mutationFn: (c: { started_at: string; ended_at: string | null }) => correctPunch(tenant, segment.id, c.started_at, c.ended_at),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('clock.correct.saved') });
      onClose();
    },
    onError: (error) => snackbar.show({ color: 'error', message: refusalMessage(error, t, t('clock.correct.failed')) }),
    onSettled: () => queryClient.invalidateQueries(punchQueries(tenant)),
  });
  const submit = () => {
    setSubmitted(true);
    if (read.ok) save.mutate({ started_at: read.started_at, ended_at: read.ended_at });
  };
  const errorOf = (field: 'start' | 'end') => (shownError?.field === field ? t(`clock.correct.errors.${shownError.error}`) : null);
  const original = segment.original_started_at
    ? segment.original_ended_at
      ? t('clock.segments.correctedWas', {
          from: formatTime(segment.original_started_at, i18n.language),
          to: formatTime(segment.original_ended_at, i18n.language),
        })
      : t('clock.segments.correctedWasOpen', { from: formatTime(segment.original_started_at, i18n.language) })
    : null;
  return (
    <TimecardDialog
      onClose={onClose}
      title={title}
      loading={save.isPending}
      actionButton={{ onClick: submit, label: t('clock.correct.save') }}
    >
      <Stack
        spacing={2}
        sx={{ pt: 1 }}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Typography variant="body2">{t('clock.correct.help')}</Typography>
        <TextField
          type="time"
          label={t('clock.correct.start')}
          value={start}
          required
          onChange={(e) => setStart(e.target.value)}
          error={Boolean(errorOf('start'))}
          helperText={errorOf('start')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {segment.ended_at && (
          <TextField
            type="time"
            label={t('clock.correct.end')}
            value={end}
            required
            onChange={(e) => setEnd(e.target.value)}
            error={Boolean(errorOf('end'))}
            helperText={errorOf('end')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        {original && <Alert severity="info">{original}</Alert>}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </TimecardDialog>
  );
}
