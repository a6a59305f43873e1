import type { IsoDate } from '@groundwork/core/pay-periods';
import { ListSubheader, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';
import type { DayEntryLine } from '../api/mutations';
import type { TimecardEntry } from '../api/queries';
import { formatDayLong } from '../lib/dates';
import { hoursInputValue, parseHours } from '../lib/hours';
import { type CardModel, dayLines, scheduledJobsOn, useSaveDay } from './card-model';

export type EntryDialogTarget = { kind: 'new'; date: IsoDate } | { kind: 'edit'; entry: TimecardEntry };

interface EntryDialogProps {
  model: CardModel;
  target: EntryDialogTarget;
  onClose: () => void;
}

/** Adds a line to a day or changes or removes one; the whole day is saved, as the server stores days. */
export function EntryDialog({ model, target, onClose }: EntryDialogProps) {
  const { t, i18n } = useTranslation('timecards');
  const editing = target.kind === 'edit' ? target.entry : null;
  const [date, setDate] = useState<IsoDate>(editing?.timecard_date ?? (target.kind === 'new' ? target.date : model.dates[0]));
  // A new line starts on the job the person is scheduled on that day, when there is exactly one.
  const onlyScheduled = (d: IsoDate): number | '' => {
    const ids = scheduledJobsOn(model, d);
    return ids.length === 1 ? ids[0] : '';
  };
  const [jobId, setJobId] = useState<number | ''>(() => editing?.jobs_id ?? onlyScheduled(date));
  const [jobChosen, setJobChosen] = useState(Boolean(editing));
  const [codeId, setCodeId] = useState<number | ''>(editing?.costcodes_id ?? '');
  const [hours, setHours] = useState(editing ? hoursInputValue(editing.hours) : '');
  const [note, setNote] = useState(editing?.note ?? '');
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveDay(model);

  const codes = jobId === '' ? [] : (model.codesByJob.get(jobId) ?? []);
  const parsed = parseHours(hours, model.increment);
  const hoursError = !parsed.ok
    ? t(`entry.hours_${parsed.reason}`, { minutes: model.increment })
    : submitted && parsed.hours === 0
      ? t('entry.required')
      : null;
  const jobError = submitted && jobId === '' ? t('entry.required') : null;
  const codeError = submitted && codeId === '' ? t('entry.required') : null;
  const noteError = note.length > 1000 ? t('entry.noteTooLong') : null;
  // A job that is no longer open still shows on the line it was booked to.
  const allJobs =
    editing && !model.jobs.some((j) => j.id === editing.jobs_id)
      ? [...model.jobs, { id: editing.jobs_id, job: model.jobName(editing.jobs_id), job_abbr: null, status: 0 }]
      : model.jobs;
  // The day's scheduled jobs come first, under their own heading.
  const scheduledIds = scheduledJobsOn(model, date);
  const otherJobs = allJobs.filter((j) => !scheduledIds.includes(j.id));
  const codeOptions =
    editing && jobId === editing.jobs_id && !codes.some((c) => c.costcodes_id === editing.costcodes_id)
      ? [
          ...codes,
          {
            jobs_id: editing.jobs_id,
            costcodes_id: editing.costcodes_id,
            costcode: model.codeName(editing.costcodes_id),
            description: null,
          },
        ]
      : codes;

  const others = (day: IsoDate) =>
    model.entries.filter((e) => e.timecard_date === day && e.id !== editing?.id).map((e) => dayLines([e], day)[0]);

  const submit = () => {
    setSubmitted(true);
    if (!parsed.ok || parsed.hours === 0 || jobId === '' || codeId === '' || noteError) return;
    const line: DayEntryLine = {
      jobs_id: jobId,
      costcodes_id: codeId,
      hours: parsed.hours,
      note: note.trim() || null,
      equipment: Array.isArray(editing?.equipment) ? (editing.equipment as string[]) : null,
    };
    save.mutate({ date, lines: [...others(date), line] }, { onSuccess: onClose });
  };

  const remove = () => save.mutate({ date, lines: others(date) }, { onSuccess: onClose });

  return (
    <AppDialog
      open
      onClose={onClose}
      title={editing ? t('entry.editTitle') : t('entry.addTitle')}
      loading={save.isPending}
      cancelButton={{ onClick: onClose, label: t('entry.cancel') }}
      actionButton={{ onClick: submit, label: t('entry.save') }}
      deleteButton={editing ? { onClick: remove, label: t('entry.delete') } : undefined}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('entry.date')}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            // Until a job is picked by hand, the job follows the day's schedule.
            if (!jobChosen) {
              setJobId(onlyScheduled(e.target.value));
              setCodeId('');
            }
          }}
          disabled={Boolean(editing)}
        >
          {model.dates.map((d) => (
            <MenuItem key={d} value={d}>
              {formatDayLong(d, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('entry.job')}
          value={jobId}
          required
          error={Boolean(jobError)}
          helperText={jobError ?? (model.jobs.length === 0 ? t('entry.noJobs') : undefined)}
          onChange={(e) => {
            setJobId(Number(e.target.value));
            setJobChosen(true);
            setCodeId('');
          }}
        >
          {scheduledIds.length > 0 && <ListSubheader>{t('entry.scheduledJobs')}</ListSubheader>}
          {scheduledIds.map((id) => (
            <MenuItem key={id} value={id}>
              {model.jobName(id)}
            </MenuItem>
          ))}
          {scheduledIds.length > 0 && otherJobs.length > 0 && <ListSubheader>{t('entry.otherJobs')}</ListSubheader>}
          {otherJobs.map((j) => (
            <MenuItem key={j.id} value={j.id}>
              {model.jobName(j.id)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('entry.costcode')}
          value={codeId}
          required
          disabled={jobId === ''}
          error={Boolean(codeError)}
          helperText={codeError ?? (jobId !== '' && codeOptions.length === 0 ? t('entry.noCostcodes') : undefined)}
          onChange={(e) => setCodeId(Number(e.target.value))}
        >
          {codeOptions.map((c) => (
            <MenuItem key={c.costcodes_id} value={c.costcodes_id}>
              {c.description ? `${c.costcode} ${c.description}` : c.costcode}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('entry.hours')}
          value={hours}
          required
          onChange={(e) => setHours(e.target.value)}
          error={Boolean(hoursError)}
          helperText={hoursError ?? t('entry.hoursHelp', { minutes: model.increment })}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <TextField
          label={t('entry.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          error={Boolean(noteError)}
          helperText={noteError}
        />
      </Stack>
    </AppDialog>
  );
}
