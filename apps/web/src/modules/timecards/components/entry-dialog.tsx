import type { IsoDate } from '@groundwork/core/pay-periods';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayEntryLine } from '../api/mutations';
import type { TimecardEntry } from '../api/queries';
import { hoursInputValue, parseHours } from '../lib/hours';
import { type CardModel, dayLines, scheduledJobsOn, useSaveDay } from './card-model';
import { DayField, HoursField, NoteField, noteTooLong, TimecardDialog } from './dialog-fields';
import { budgetedCodes, JobCostcodePicker } from './job-costcode-picker';

export type EntryDialogTarget = { kind: 'new'; date: IsoDate } | { kind: 'edit'; entry: TimecardEntry };

interface EntryDialogProps {
  model: CardModel;
  target: EntryDialogTarget;
  onClose: () => void;
}

/** Adds a line to a day or changes or removes one; the whole day is saved, as the server stores days. */
export function EntryDialog({ model, target, onClose }: EntryDialogProps) {
  const { t } = useTranslation('timecards');
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

  const codes = budgetedCodes(model, jobId);
  const parsed = parseHours(hours, model.increment);
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
    if (!parsed.ok || parsed.hours === 0 || jobId === '' || codeId === '' || noteTooLong(note)) return;
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
    <TimecardDialog
      onClose={onClose}
      title={editing ? t('entry.editTitle') : t('entry.addTitle')}
      loading={save.isPending}
      actionButton={{ onClick: submit, label: t('entry.save') }}
      deleteButton={editing ? { onClick: remove, label: t('entry.delete') } : undefined}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DayField
          dates={model.dates}
          value={date}
          onChange={(day) => {
            setDate(day);
            // Until a job is picked by hand, the job follows the day's schedule.
            if (!jobChosen) {
              setJobId(onlyScheduled(day));
              setCodeId('');
            }
          }}
          disabled={Boolean(editing)}
        />
        <JobCostcodePicker
          model={model}
          jobId={jobId}
          codeId={codeId}
          scheduledIds={scheduledIds}
          jobs={otherJobs}
          codes={codeOptions}
          jobHelp={model.jobs.length === 0 ? t('entry.noJobs') : undefined}
          sayNoCostcodes
          submitted={submitted}
          onJobChange={(id) => {
            setJobId(id);
            setJobChosen(true);
          }}
          onCodeChange={setCodeId}
        />
        <HoursField value={hours} parsed={parsed} increment={model.increment} submitted={submitted} onChange={setHours} />
        <NoteField label={t('entry.note')} value={note} onChange={setNote} />
      </Stack>
    </TimecardDialog>
  );
}
