import {
  Alert,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { type ImportOp, type PayPeriod, previewImport, runImport } from '../api/timecard-system';
import { useTimecardServerMessage } from './use-timecard-server-message';

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

type View = { kind: 'preview' | 'import'; ops: ImportOp[]; unchanged: number; message: string | null; period: PayPeriod };

export function TimecardImportPanel({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const serverMessage = useTimecardServerMessage();
  const [period, setPeriod] = useState<PayPeriod>(() => lastWeek());
  const [view, setView] = useState<View | null>(null);
  const valid = Boolean(period.start_date && period.end_date && period.start_date <= period.end_date);

  const preview = useMutation({
    mutationFn: () => previewImport(tenant, period),
    onSuccess: (r) => setView({ kind: 'preview', ops: r.data.ops ?? [], unchanged: r.data.unchanged ?? 0, message: r.message, period }),
    onError: (error) => snackbar.show({ color: 'error', message: error.message || t('timecardSystem.import.previewFailed') }),
  });
  const run = useMutation({
    mutationFn: () => runImport(tenant, period),
    onSuccess: (r) => {
      const ops = r.data.results ?? [];
      setView({ kind: 'import', ops, unchanged: r.data.unchanged ?? 0, message: r.message, period });
      const imported = ops.filter((o) => o.status === 'imported').length;
      const conflicts = ops.filter((o) => o.status === 'conflict').length;
      snackbar.show({ color: conflicts ? 'warning' : 'success', message: t('timecardSystem.import.done', { imported, conflicts }) });
    },
    onError: (error) => snackbar.show({ color: 'error', message: error.message || t('timecardSystem.import.importFailed') }),
  });
  const busy = preview.isPending || run.isPending;
  const samePeriod = view?.period.start_date === period.start_date && view.period.end_date === period.end_date;
  const importable = view?.kind === 'preview' && samePeriod && view.ops.some((o) => o.action === 'create');
  const setDate = (field: keyof PayPeriod) => (e: { target: { value: string } }) => setPeriod((p) => ({ ...p, [field]: e.target.value }));

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('timecardSystem.import.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          size="small"
          label={t('timecardSystem.import.start')}
          value={period.start_date}
          onChange={setDate('start_date')}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        <TextField
          type="date"
          size="small"
          label={t('timecardSystem.import.end')}
          value={period.end_date}
          onChange={setDate('end_date')}
          slotProps={{ inputLabel: { shrink: true } }}
          required
          error={!valid}
          helperText={valid ? undefined : t('timecardSystem.import.badPeriod')}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" disabled={busy || !valid} onClick={() => preview.mutate()}>
          {t('timecardSystem.import.preview')}
        </Button>
        <Button variant="contained" disabled={busy || !importable} onClick={() => run.mutate()}>
          {t('timecardSystem.import.run')}
        </Button>
      </Stack>
      {view && <ImportTable view={view} serverMessage={serverMessage} />}
    </Stack>
  );
}

function ImportTable({ view, serverMessage }: { view: View; serverMessage: (m: string | null) => string }) {
  const { t } = useTranslation('company');
  const captionId = useId();
  if (view.message && view.message !== 'Connected') return <Alert severity="warning">{serverMessage(view.message)}</Alert>;
  const conflicts = view.ops.filter((o) => o.action === 'conflict').length;
  return (
    <Stack spacing={1.5}>
      {view.unchanged > 0 && (
        <Typography color="text.secondary">{t('timecardSystem.import.unchanged', { count: view.unchanged })}</Typography>
      )}
      {conflicts > 0 && <Alert severity="warning">{t('timecardSystem.import.conflictsNote', { count: conflicts })}</Alert>}
      {view.ops.length === 0 ? (
        <Typography>{t('timecardSystem.import.nothing')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={captionId}>
            <caption id={captionId} style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
              {t(view.kind === 'preview' ? 'timecardSystem.import.previewTable' : 'timecardSystem.import.resultTable')}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('timecardSystem.import.entry')}</TableCell>
                <TableCell>{t('timecardSystem.import.action')}</TableCell>
                <TableCell>{t('timecardSystem.import.detail')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {view.ops.map((op) => (
                <TableRow key={op.remote_id}>
                  <TableCell>{op.summary}</TableCell>
                  <TableCell>
                    {view.kind === 'import' && op.status ? (
                      <Chip size="small" color={STATUS_COLOR[op.status]} label={t(`timecardSystem.import.statuses.${op.status}`)} />
                    ) : (
                      <Chip size="small" color={ACTION_COLOR[op.action]} label={t(`timecardSystem.import.actions.${op.action}`)} />
                    )}
                  </TableCell>
                  <TableCell>{op.error ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
