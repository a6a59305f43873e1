import { ListSubheader, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BudgetCostcode } from '../api/queries';
import type { CardModel } from './card-model';

/** The cost codes a line on `jobId` may book to: those budgeted and on for that job. */
export const budgetedCodes = (model: Pick<CardModel, 'codesByJob'>, jobId: number | ''): BudgetCostcode[] =>
  jobId === '' ? [] : (model.codesByJob.get(jobId) ?? []);

interface JobCostcodePickerProps {
  model: Pick<CardModel, 'codesByJob' | 'jobName'>;
  jobId: number | '';
  codeId: number | '';
  /** Jobs offered first, under their own heading: the ones scheduled that day. */
  scheduledIds?: readonly number[];
  /** The (other) jobs offered. */
  jobs: readonly { id: number }[];
  /** The cost codes offered for `jobId`, when not just the budgeted ones. */
  codes?: readonly BudgetCostcode[];
  /** Shown under the job while it has no error: why there is no job to pick, say. */
  jobHelp?: string;
  /** Say so under the cost code when the job has none to offer. */
  sayNoCostcodes?: boolean;
  /** Both are required: an empty one is an error once the dialog was submitted. */
  submitted: boolean;
  onJobChange: (jobId: number) => void;
  onCodeChange: (codeId: number | '') => void;
}

/** A line's job and cost code: the cost codes are the job's, so a new job clears the code. */
export function JobCostcodePicker({
  model,
  jobId,
  codeId,
  scheduledIds = [],
  jobs,
  codes = budgetedCodes(model, jobId),
  jobHelp,
  sayNoCostcodes,
  submitted,
  onJobChange,
  onCodeChange,
}: JobCostcodePickerProps) {
  const { t } = useTranslation('timecards');
  const required = (missing: boolean) => (submitted && missing ? t('entry.required') : null);
  const jobItem = (id: number) => (
    <MenuItem key={id} value={id}>
      {model.jobName(id)}
    </MenuItem>
  );
  return (
    <>
      <TextField
        select
        label={t('entry.job')}
        value={jobId}
        required
        error={Boolean(required(jobId === ''))}
        helperText={required(jobId === '') ?? jobHelp}
        onChange={(e) => {
          onJobChange(Number(e.target.value));
          onCodeChange('');
        }}
      >
        {scheduledIds.length > 0 && <ListSubheader>{t('entry.scheduledJobs')}</ListSubheader>}
        {scheduledIds.map(jobItem)}
        {scheduledIds.length > 0 && jobs.length > 0 && <ListSubheader>{t('entry.otherJobs')}</ListSubheader>}
        {jobs.map((j) => jobItem(j.id))}
      </TextField>
      <TextField
        select
        label={t('entry.costcode')}
        value={codeId}
        required
        disabled={jobId === ''}
        error={Boolean(required(codeId === ''))}
        helperText={required(codeId === '') ?? (sayNoCostcodes && jobId !== '' && codes.length === 0 ? t('entry.noCostcodes') : undefined)}
        onChange={(e) => onCodeChange(Number(e.target.value))}
      >
        {codes.map((c) => (
          <MenuItem key={c.costcodes_id} value={c.costcodes_id}>
            {c.description ? `${c.costcode} ${c.description}` : c.costcode}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
