import { personName } from '@groundwork/core/names';
import type { IsoDate } from '@groundwork/core/pay-periods';
import { replacedBy } from '@groundwork/core/timecards';
import { Alert, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimecardInfo, TimecardPerson } from '../api/queries';
import { formatHours, parseHours } from '../lib/hours';
import { type CardModel, useSaveDay } from './card-model';
import { DayField, HoursField, TimecardDialog } from './dialog-fields';
import { JobCostcodePicker } from './job-costcode-picker';

interface CrewDialogProps {
  /** The foreman's own card model: the save goes in their name with the crew's ids. */
  model: CardModel;
  crew: TimecardInfo;
  me: TimecardPerson | undefined;
  onClose: () => void;
}

/**
 * A foreman's crew day: one job, cost code and hours for each crew member ticked, saved in one call (one
 * transaction). A member's existing time that day on the foreman's jobs is replaced (time on other jobs
 * stays), so the list says who already has some.
 */
export function CrewDialog({ model, crew, me, onClose }: CrewDialogProps) {
  const { t, i18n } = useTranslation('timecards');
  const [date, setDate] = useState<IsoDate>(model.dates.includes(model.today) ? model.today : model.dates[0]);
  const [jobId, setJobId] = useState<number | ''>('');
  const [codeId, setCodeId] = useState<number | ''>('');
  const [hours, setHours] = useState('');
  const [note, setNote] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveDay(model);

  const jobs = model.jobs.filter((j) => crew.foreman_jobs_id.includes(j.id));
  const people = useMemo(() => {
    const list = [...crew.people];
    if (me && !list.some((p) => p.id === me.id)) list.unshift(me);
    return list.sort((a, b) => personName(a).localeCompare(personName(b)));
  }, [crew.people, me]);
  // What the save replaces: the foreman's own whole day; a crew member's lines on the foreman's jobs only.
  const hoursThatDay = (id: number) =>
    crew.timecard_entries_collection
      .filter((e) => e.employees_id === id && e.timecard_date === date)
      .filter((e) => replacedBy(id === model.employeeId ? 'day' : crew.foreman_jobs_id, e))
      .reduce((s, e) => s + e.hours, 0);
  const signed = new Set(
    crew.timecard_collection.filter((c) => c.signed_on && c.payperiod_start_date === model.period.start).map((c) => c.employees_id),
  );

  const parsed = parseHours(hours, model.increment);

  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = () => {
    setSubmitted(true);
    if (!parsed.ok || parsed.hours === 0 || jobId === '' || codeId === '' || picked.size === 0) return;
    save.mutate(
      {
        date,
        crew: [...picked],
        lines: [{ jobs_id: jobId, costcodes_id: codeId, hours: parsed.hours, note: note.trim() || null, equipment: null }],
      },
      { onSuccess: onClose },
    );
  };

  return (
    <TimecardDialog
      onClose={onClose}
      title={t('crew.title')}
      loading={save.isPending}
      actionButton={{ onClick: submit, label: t('crew.save', { count: picked.size }) }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DayField dates={model.dates} value={date} onChange={setDate} />
        <JobCostcodePicker
          model={model}
          jobId={jobId}
          codeId={codeId}
          jobs={jobs}
          jobHelp={jobs.length === 0 ? t('crew.noJobs') : undefined}
          submitted={submitted}
          onJobChange={setJobId}
          onCodeChange={setCodeId}
        />
        <HoursField value={hours} parsed={parsed} increment={model.increment} submitted={submitted} onChange={setHours} />
        <TextField label={t('entry.note')} value={note} onChange={(e) => setNote(e.target.value)} />
        <FormControl component="fieldset" error={submitted && picked.size === 0}>
          <FormLabel component="legend">{t('crew.members')}</FormLabel>
          <FormGroup>
            {people.map((p) => {
              const already = hoursThatDay(p.id);
              const locked = signed.has(p.id);
              return (
                <FormControlLabel
                  key={p.id}
                  control={<Checkbox checked={picked.has(p.id)} onChange={() => toggle(p.id)} disabled={locked} />}
                  label={
                    locked
                      ? t('crew.memberSigned', { name: personName(p) })
                      : already > 0
                        ? t('crew.memberReplaces', { name: personName(p), hours: formatHours(already, i18n.language) })
                        : personName(p)
                  }
                />
              );
            })}
          </FormGroup>
          {submitted && picked.size === 0 && <FormHelperText>{t('crew.pickSomeone')}</FormHelperText>}
        </FormControl>
        {people.length <= 1 && <Alert severity="info">{t('crew.noCrew')}</Alert>}
      </Stack>
    </TimecardDialog>
  );
}
