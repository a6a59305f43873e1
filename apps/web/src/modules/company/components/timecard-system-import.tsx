import { Alert, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useSnackbar } from '../../../shell/snackbar';
import { type ImportOp, type PayPeriod, previewImport, runImport } from '../api/timecard-system';
import { type Column, RowsTable, RunButtons, type RunView, usePreviewThenRun } from './integration-run';
import { useTimecardServerMessage } from './use-server-message';

// The timecard-system dialog's import tab: a pay period's timesheets, previewed, then imported as time entries.

const ACTION_COLOR = { create: 'primary', conflict: 'error', blocked: 'warning', skip: 'default' } as const;
const STATUS_COLOR = { imported: 'success', conflict: 'error', blocked: 'warning', skipped: 'default' } as const;
const DAY = 86_400_000;

/** Last week, Monday to Sunday: the pay period an office most often imports. */
export function lastWeek(today = new Date()): PayPeriod {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const monday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY - 7 * DAY;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start_date: iso(monday), end_date: iso(monday + 6 * DAY) };
}

type View = RunView<ImportOp, PayPeriod>;

export function TimecardImportPanel({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const serverMessage = useTimecardServerMessage();
  const [period, setPeriod] = useState<PayPeriod>(() => lastWeek());
  const valid = Boolean(period.start_date && period.end_date && period.start_date <= period.end_date);
  const importing = usePreviewThenRun({
    scope: period,
    preview: () => previewImport(tenant, period),
    run: () => runImport(tenant, period),
    onResult: (ops) => {
      const imported = ops.filter((o) => o.status === 'imported').length;
      const conflicts = ops.filter((o) => o.status === 'conflict').length;
      snackbar.show({ color: conflicts ? 'warning' : 'success', message: t('timecardSystem.import.done', { imported, conflicts }) });
    },
    failed: (step, error) =>
      error.message || (step === 'preview' ? t('timecardSystem.import.previewFailed') : t('timecardSystem.import.importFailed')),
  });
  const { view } = importing;
  const samePeriod = view?.scope?.start_date === period.start_date && view.scope.end_date === period.end_date;
  const importable = view?.kind === 'preview' && samePeriod && view.ops.some((o) => o.action === 'create');
  const dateField = (field: keyof PayPeriod, label: string, problem?: string) => (
    <DateField
      size="small"
      label={label}
      value={period[field]}
      onChange={(e) => setPeriod((p) => ({ ...p, [field]: e.target.value }))}
      required
      error={problem !== undefined}
      helperText={problem}
    />
  );

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('timecardSystem.import.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {dateField('start_date', t('timecardSystem.import.start'))}
        {dateField('end_date', t('timecardSystem.import.end'), valid ? undefined : t('timecardSystem.import.badPeriod'))}
      </Stack>
      <RunButtons
        actions={importing}
        labels={{ preview: t('timecardSystem.import.preview'), run: t('timecardSystem.import.run') }}
        canPreview={valid}
        canRun={importable}
      />
      {view && <ImportTable view={view} serverMessage={serverMessage} />}
    </Stack>
  );
}

function ImportTable({ view, serverMessage }: { view: View; serverMessage: (m: string | null) => string }) {
  const { t } = useTranslation('company');
  if (view.message && view.message !== 'Connected') return <Alert severity="warning">{serverMessage(view.message)}</Alert>;
  const conflicts = view.ops.filter((o) => o.action === 'conflict').length;
  const columns: Column<ImportOp>[] = [
    { header: t('timecardSystem.import.entry'), cell: (op) => op.summary },
    {
      header: t('timecardSystem.import.action'),
      cell: (op) =>
        view.kind === 'result' && op.status ? (
          <Chip size="small" color={STATUS_COLOR[op.status]} label={t(`timecardSystem.import.statuses.${op.status}`)} />
        ) : (
          <Chip size="small" color={ACTION_COLOR[op.action]} label={t(`timecardSystem.import.actions.${op.action}`)} />
        ),
    },
    { header: t('timecardSystem.import.detail'), cell: (op) => op.error ?? '' },
  ];
  return (
    <Stack spacing={1.5}>
      {view.unchanged > 0 && (
        <Typography color="text.secondary">{t('timecardSystem.import.unchanged', { count: view.unchanged })}</Typography>
      )}
      {conflicts > 0 && <Alert severity="warning">{t('timecardSystem.import.conflictsNote', { count: conflicts })}</Alert>}
      {view.ops.length === 0 ? (
        <Typography>{t('timecardSystem.import.nothing')}</Typography>
      ) : (
        <RowsTable
          label={t(view.kind === 'preview' ? 'timecardSystem.import.previewTable' : 'timecardSystem.import.resultTable')}
          caption
          columns={columns}
          rows={view.ops}
          rowKey={(op) => op.remote_id}
        />
      )}
    </Stack>
  );
}
