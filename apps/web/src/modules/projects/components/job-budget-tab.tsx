import { BUDGET_AMOUNTS, type BudgetAmount, budgetLineFields, JOB_MESSAGES } from '@groundwork/core/jobs';
import {
  Alert,
  Autocomplete,
  Box,
  LinearProgress,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../../lib/field-errors';
import { numberFormat } from '../../../lib/intl';
import { useSnackbar } from '../../../shell/snackbar';
import { jobKeys } from '../api/keys';
import { addBudgetLine, type BudgetLineUpdate, updateBudgetLine } from '../api/mutations';
import { type BudgetLine, type Costcode, costcodesQueryOptions, type ProjectBudget, projectBudgetQueryOptions } from '../api/queries';
import { type BudgetDrafts, budgetTotals, parseAmount } from '../lib/budget';

interface JobBudgetTabProps {
  tenant: string;
  jobId: number;
  editable: boolean;
}

export function JobBudgetTab({ tenant, jobId, editable }: JobBudgetTabProps) {
  const { t } = useTranslation('projects');
  const snackbar = useSnackbar();
  const budget = useQuery(projectBudgetQueryOptions(tenant, jobId));

  useEffect(() => {
    if (budget.isError) snackbar.show({ color: 'error', message: t('messages.budgetFetchFailed') });
  }, [budget.isError, snackbar, t]);

  if (budget.isPending) return <LinearProgress aria-label={t('list.loading')} />;
  if (budget.isError || !budget.data) return <Alert severity="error">{t('messages.budgetFetchFailed')}</Alert>;
  return <BudgetTable tenant={tenant} jobId={jobId} budget={budget.data} editable={editable} />;
}

const fmt = (language: string, key: BudgetAmount | 'actual_hours', value: number) =>
  numberFormat(
    language,
    key === 'hrsbdg' || key === 'actual_hours' ? { maximumFractionDigits: 2 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  ).format(value);

interface BudgetTableProps extends JobBudgetTabProps {
  budget: ProjectBudget;
}

function BudgetTable({ tenant, jobId, budget, editable }: BudgetTableProps) {
  const { t, i18n } = useTranslation('projects');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<BudgetDrafts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const totals = budgetTotals(budget.lines, drafts);
  const budgetKey = jobKeys.budget(tenant, jobId);

  const clearDraft = (id: number, key?: BudgetAmount) =>
    setDrafts((all) => {
      if (!all[id]) return all;
      if (!key) {
        const { [id]: _removed, ...rest } = all;
        return rest;
      }
      const { [key]: _k, ...line } = all[id];
      return { ...all, [id]: line };
    });

  const patchLine = (change: BudgetLineUpdate) =>
    queryClient.setQueryData<ProjectBudget | null>(budgetKey, (old) =>
      old ? { ...old, lines: old.lines.map((l) => (l.id === change.id ? ({ ...l, ...change } as BudgetLine) : l)) } : old,
    );
  const update = useMutation({
    mutationFn: (change: BudgetLineUpdate) => updateBudgetLine(tenant, change),
    // On/off shows at once (a foreman on a weak signal should not wonder whether the tap took);
    // a failure puts the line back when the refetch below arrives. A refetch still on its way from an
    // earlier change was read before this one, so it is cancelled rather than let put the old value back.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: budgetKey });
      if ('status' in change) patchLine(change);
    },
    onSuccess: (_data, change) => {
      // Keep the saved value on screen until the refetch brings the server's lines and totals.
      patchLine(change);
      snackbar.show({ color: 'success', message: t('messages.budgetUpdated') });
    },
    onError: () => snackbar.show({ color: 'error', message: t('messages.budgetUpdateFailed') }),
    onSettled: (_data, _error, change) => {
      for (const key of BUDGET_AMOUNTS) if (key in change) clearDraft(change.id, key);
      void queryClient.invalidateQueries({ queryKey: budgetKey });
    },
  });

  const add = useMutation({
    mutationFn: (costcode: Costcode) => addBudgetLine(tenant, jobId, costcode.id),
    onSuccess: () => snackbar.show({ color: 'success', message: t('messages.budgetUpdated') }),
    onError: () => snackbar.show({ color: 'error', message: t('messages.budgetUpdateFailed') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: budgetKey }),
  });

  const commit = (line: BudgetLine, key: BudgetAmount) => {
    const text = drafts[line.id]?.[key];
    if (text === undefined) return;
    const value = parseAmount(text);
    const checked = budgetLineFields.safeParse({ [key]: value ?? Number.NaN });
    const errorKey = `${line.id}.${key}`;
    if (value === null || !checked.success) {
      const message = text.trim().startsWith('-') ? JOB_MESSAGES.negative : 'Invalid format';
      setErrors((all) => ({ ...all, [errorKey]: translateFieldError(t, message) ?? message }));
      return;
    }
    setErrors(({ [errorKey]: _removed, ...rest }) => rest);
    if (value === line[key]) {
      clearDraft(line.id, key);
      return;
    }
    update.mutate({ id: line.id, [key]: value });
  };

  const label = (key: BudgetAmount | 'actual_hours') => t(`budget.${key}`);
  const columns: (BudgetAmount | 'actual_hours')[] = ['hrsbdg', 'actual_hours', 'matbdg', 'labbdg', 'eqpbdg', 'subbdg', 'othbdg'];

  return (
    <Box>
      {editable && <AddCostcode tenant={tenant} lines={budget.lines} jobId={jobId} pending={add.isPending} onAdd={(c) => add.mutate(c)} />}
      {budget.lines.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('budget.empty')}
        </Typography>
      ) : (
        // Wider than a phone: the region scrolls sideways, so it must be reachable by keyboard.
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('budget.label')}>
          {/* Tight cells so the whole table fits beside the menu on a 1440 px desktop; phones scroll it. */}
          <Table size="small" aria-label={t('budget.label')} sx={{ minWidth: 960, '& .MuiTableCell-root': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('budget.costcode')}</TableCell>
                <TableCell>{t('budget.description')}</TableCell>
                {columns.map((key) => (
                  <TableCell key={key} align="right">
                    {label(key)}
                  </TableCell>
                ))}
                <TableCell align="center">{t('budget.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {budget.lines.map((line) => (
                <TableRow
                  key={line.id}
                  // An off line reads as secondary text rather than faded: faded text fails contrast.
                  sx={line.status === 1 ? undefined : { '& td, & th': { color: 'text.secondary', fontStyle: 'italic' } }}
                  data-testid={`budget-line-${line.costcode}`}
                >
                  <TableCell component="th" scope="row">
                    {line.costcode}
                  </TableCell>
                  <TableCell>{line.description}</TableCell>
                  {columns.map((key) =>
                    key === 'actual_hours' || !editable ? (
                      <TableCell key={key} align="right">
                        {fmt(i18n.language, key, line[key])}
                      </TableCell>
                    ) : (
                      <TableCell key={key} align="right" sx={{ py: 0.5 }}>
                        <TextField
                          size="small"
                          value={drafts[line.id]?.[key] ?? String(line[key])}
                          onChange={(event) => {
                            const value = event.target.value;
                            setDrafts((all) => ({ ...all, [line.id]: { ...all[line.id], [key]: value } }));
                          }}
                          onBlur={() => commit(line, key)}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') commit(line, key);
                          }}
                          error={Boolean(errors[`${line.id}.${key}`])}
                          helperText={errors[`${line.id}.${key}`]}
                          slotProps={{
                            htmlInput: {
                              inputMode: 'decimal',
                              'aria-label': t('budget.amountLabel', { field: label(key), code: line.costcode }),
                              style: { textAlign: 'right' },
                            },
                          }}
                          sx={{ width: 104 }}
                        />
                      </TableCell>
                    ),
                  )}
                  <TableCell align="center">
                    {editable ? (
                      <Switch
                        checked={line.status === 1}
                        disabled={update.isPending}
                        onChange={(event) => update.mutate({ id: line.id, status: event.target.checked ? 1 : 0 })}
                        slotProps={{ input: { 'aria-label': t('budget.toggle', { code: line.costcode }) } }}
                      />
                    ) : (
                      t(line.status === 1 ? 'budget.on' : 'budget.off')
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow data-testid="budget-totals">
                <TableCell component="th" scope="row" colSpan={2} sx={{ fontWeight: 600 }}>
                  {t('budget.totals')}
                </TableCell>
                {columns.map((key) => (
                  <TableCell key={key} align="right" sx={{ fontWeight: 600 }} data-testid={`total-${key}`}>
                    {fmt(i18n.language, key, totals[key])}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('budget.totalsNote')}
      </Typography>
    </Box>
  );
}

interface AddCostcodeProps {
  tenant: string;
  jobId: number;
  lines: readonly BudgetLine[];
  pending: boolean;
  onAdd: (costcode: Costcode) => void;
}

function AddCostcode({ tenant, jobId, lines, pending, onAdd }: AddCostcodeProps) {
  const { t } = useTranslation('projects');
  const costcodes = useQuery(costcodesQueryOptions(tenant));
  const [inputValue, setInputValue] = useState('');
  const used = new Set(lines.map((l) => l.costcodes_id));
  // Company-wide cost codes and the ones made for this job.
  const options = (costcodes.data ?? []).filter((c) => !used.has(c.id) && (c.jobs_id == null || c.jobs_id === jobId));
  return (
    <Autocomplete
      options={options}
      loading={costcodes.isPending}
      getOptionLabel={(c) => (c.description ? `${c.costcode} – ${c.description}` : c.costcode)}
      getOptionKey={(c) => c.id}
      value={null}
      inputValue={inputValue}
      onInputChange={(_event, value, reason) => setInputValue(reason === 'reset' ? '' : value)}
      onChange={(_event, costcode) => {
        if (costcode) onAdd(costcode);
      }}
      disabled={pending}
      renderInput={(params) => <TextField {...params} label={t('budget.addCostcode')} size="small" />}
      sx={{ maxWidth: 420, mb: 2 }}
    />
  );
}
