import CoffeeIcon from '@mui/icons-material/Coffee';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { BudgetCostcode } from '../api/queries';
import { TimecardDialog } from '../components/dialog-fields';
import { JobCostcodePicker } from '../components/job-costcode-picker';
import type { ShownSegment } from './queued-punches';
import type { PunchRequest } from './use-punch';

/** What the pickers need: the bookable jobs, their budgeted cost codes and their names. */
export interface JobChoices {
  jobs: readonly { id: number }[];
  codesByJob: Map<number, BudgetCostcode[]>;
  jobName: (id: number) => string;
  codeName: (id: number) => string;
}

/** A suggested job and cost code, kept only when they may be booked; a job with one code gets that code. */
export function preselect(choices: JobChoices, job: number | null | undefined, code: number | null | undefined) {
  const jobId = job && choices.jobs.some((j) => j.id === job) ? job : '';
  const codes = jobId === '' ? [] : (choices.codesByJob.get(jobId) ?? []);
  const codeId = code && codes.some((c) => c.costcodes_id === code) ? code : codes.length === 1 ? codes[0].costcodes_id : '';
  return { jobId: jobId as number | '', codeId: codeId as number | '' };
}

const big = { minHeight: 56, fontSize: '1rem', flex: 1, lineHeight: 1.3 } as const;

interface JobCodeFormProps {
  choices: JobChoices;
  suggestedJob?: number | null;
  suggestedCode?: number | null;
  /** Jobs offered first under their own heading (today's scheduled one). */
  scheduledIds?: readonly number[];
  submitted: boolean;
  value: { jobId: number | ''; codeId: number | '' };
  onChange: (value: { jobId: number | ''; codeId: number | '' }) => void;
}

/** A job and a cost code, as the time card picks them. */
export function JobCodeFields({ choices, scheduledIds = [], submitted, value, onChange }: JobCodeFormProps) {
  const others = choices.jobs.filter((j) => !scheduledIds.includes(j.id));
  return (
    <JobCostcodePicker
      model={choices}
      jobId={value.jobId}
      codeId={value.codeId}
      scheduledIds={scheduledIds.filter((id) => choices.jobs.some((j) => j.id === id))}
      jobs={others}
      sayNoCostcodes
      submitted={submitted}
      onJobChange={(jobId) => {
        const codes = choices.codesByJob.get(jobId) ?? [];
        onChange({ jobId, codeId: codes.length === 1 ? codes[0].costcodes_id : '' });
      }}
      // The picker clears the code after a job change; the job change above already chose the code (or none).
      onCodeChange={(codeId) => {
        if (codeId !== '') onChange({ ...value, codeId });
      }}
    />
  );
}

/** Asks for a job and cost code and switches to them: the open work ends and new work starts, in one punch. */
function SwitchDialog({
  choices,
  open,
  busy,
  onSwitch,
  onClose,
}: {
  choices: JobChoices;
  open: ShownSegment;
  busy: boolean;
  onSwitch: (jobId: number, codeId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('timecards');
  const [value, setValue] = useState<{ jobId: number | ''; codeId: number | '' }>({ jobId: open.jobs_id, codeId: '' });
  const [submitted, setSubmitted] = useState(false);
  const same = value.jobId === open.jobs_id && value.codeId === open.costcodes_id;
  const submit = () => {
    setSubmitted(true);
    if (value.jobId === '' || value.codeId === '' || same) return;
    onSwitch(value.jobId, value.codeId);
  };
  return (
    <TimecardDialog
      onClose={onClose}
      title={t('clock.switch.title')}
      loading={busy}
      actionButton={{ onClick: submit, label: t('clock.actions.switch') }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <JobCodeFields choices={choices} submitted={submitted} value={value} onChange={setValue} />
      </Stack>
    </TimecardDialog>
  );
}

interface PunchControlsProps {
  open: ShownSegment | null;
  choices: JobChoices;
  suggestedJob: number | null | undefined;
  suggestedCode: number | null | undefined;
  scheduledIds: readonly number[];
  /** A punch is on its way (the place being taken, or the server answering). */
  busy: boolean;
  onPunch: (punch: PunchRequest) => void;
}

/** The person's own buttons: one or two taps each. */
export function PunchControls({ open, choices, suggestedJob, suggestedCode, scheduledIds, busy, onPunch }: PunchControlsProps) {
  const { t } = useTranslation('timecards');
  // The suggestion (today's scheduled job, else the last one punched) until the person picks something else.
  const [picked, setPicked] = useState<{ jobId: number | ''; codeId: number | '' } | null>(null);
  const value = picked ?? preselect(choices, suggestedJob, suggestedCode);
  const [submitted, setSubmitted] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [confirmOut, setConfirmOut] = useState(false);

  const where = (jobId: number, codeId: number) => `${choices.jobName(jobId)} · ${choices.codeName(codeId)}`;

  if (!open) {
    const clockIn = () => {
      setSubmitted(true);
      if (value.jobId === '' || value.codeId === '') return;
      onPunch({ action: 'IN', jobs_id: value.jobId, costcodes_id: value.codeId, where: where(value.jobId, value.codeId) });
      setSubmitted(false);
      setPicked(null);
    };
    return (
      <Stack
        spacing={2}
        component="form"
        aria-label={t('clock.actions.clockIn')}
        onSubmit={(e) => {
          e.preventDefault();
          clockIn();
        }}
      >
        <JobCodeFields choices={choices} scheduledIds={scheduledIds} submitted={submitted} value={value} onChange={setPicked} />
        <Button type="submit" variant="contained" color="success" size="large" startIcon={<LoginIcon />} loading={busy} sx={big}>
          {t('clock.actions.clockIn')}
        </Button>
      </Stack>
    );
  }

  // A clock-out asks first only when it may be a slip: on a break, or after more than 12 hours (a forgotten one).
  const needsConfirm = open.kind === 'BREAK' || Date.now() - Date.parse(open.started_at) > 12 * 60 * 60_000;
  const clockOut = () => (needsConfirm ? setConfirmOut(true) : onPunch({ action: 'OUT' }));
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.5}>
        {open.kind === 'BREAK' ? (
          <Button
            variant="contained"
            size="large"
            startIcon={<PlayArrowIcon />}
            loading={busy}
            onClick={() => onPunch({ action: 'BREAK_END' })}
            sx={big}
          >
            {t('clock.actions.endBreak')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            size="large"
            startIcon={<CoffeeIcon />}
            loading={busy}
            onClick={() => onPunch({ action: 'BREAK_START' })}
            sx={big}
          >
            {t('clock.actions.startBreak')}
          </Button>
        )}
        <Button variant="contained" color="error" size="large" startIcon={<LogoutIcon />} loading={busy} onClick={clockOut} sx={big}>
          {t('clock.actions.clockOut')}
        </Button>
      </Stack>
      {open.kind === 'WORK' && (
        <Button
          variant="outlined"
          size="large"
          startIcon={<SwapHorizIcon />}
          disabled={busy}
          onClick={() => setSwitching(true)}
          sx={{ minHeight: 48 }}
        >
          {t('clock.actions.switchJob')}
        </Button>
      )}
      {switching && (
        <SwitchDialog
          choices={choices}
          open={open}
          busy={busy}
          onClose={() => setSwitching(false)}
          onSwitch={(jobId, codeId) => {
            setSwitching(false);
            onPunch({ action: 'SWITCH', jobs_id: jobId, costcodes_id: codeId, where: where(jobId, codeId) });
          }}
        />
      )}
      {confirmOut && (
        <ConfirmDialog
          title={t('clock.confirmOut.title')}
          body={open.kind === 'BREAK' ? t('clock.confirmOut.onBreak') : t('clock.confirmOut.long')}
          confirmLabel={t('clock.actions.clockOut')}
          color="error"
          loading={false}
          onClose={() => setConfirmOut(false)}
          onConfirm={() => {
            setConfirmOut(false);
            onPunch({ action: 'OUT' });
          }}
        />
      )}
    </Stack>
  );
}
