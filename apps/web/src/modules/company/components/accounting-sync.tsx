import { CONNECTED } from '@groundwork/core/accounting';
import { Alert, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../lib/intl';
import { useSnackbar } from '../../../shell/snackbar';
import { accountingKeys, type LogEntry, logQueryOptions, previewSync, pushSync, type SyncOp } from '../api/accounting';
import { type Column, RowsTable, RunButtons, usePreviewThenRun } from './integration-run';
import { useServerMessage } from './use-server-message';

// The accounting-system dialog's sync (preview, then push) and sync log tabs.

const ACTION_COLOR = { create: 'primary', update: 'info', blocked: 'warning' } as const;

export function SyncPanel({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const serverMessage = useServerMessage();
  const queryClient = useQueryClient();
  const sync = usePreviewThenRun({
    preview: () => previewSync(tenant),
    run: () => pushSync(tenant),
    onResult: (ops) => {
      const failed = ops.filter((o) => o.status === 'failed').length;
      snackbar.show({
        color: failed ? 'warning' : 'success',
        message: t('accounting.sync.pushed', { synced: ops.length - failed, failed }),
      });
      void queryClient.invalidateQueries({ queryKey: accountingKeys.log(tenant) });
    },
    failed: (step) => (step === 'preview' ? t('accounting.sync.previewFailed') : t('accounting.sync.pushFailed')),
  });
  const { view } = sync;
  const pushable = view?.kind === 'preview' && view.ops.some((o) => o.action !== 'blocked');
  const heading = view?.kind === 'preview' ? t('accounting.sync.previewHeading') : t('accounting.sync.pushHeading');
  const columns: Column<SyncOp>[] = [
    { header: t('accounting.sync.record'), cell: (op) => op.summary },
    { header: t('accounting.sync.entity'), cell: (op) => op.entity },
    {
      header: t('accounting.sync.action'),
      cell: (op) => <Chip size="small" variant="outlined" color={ACTION_COLOR[op.action]} label={t(`accounting.actions.${op.action}`)} />,
    },
    ...(view?.kind === 'result'
      ? [{ header: t('accounting.sync.status'), cell: (op: SyncOp) => <StatusChip status={op.status ?? 'failed'} /> }]
      : []),
    { header: t('accounting.sync.problem'), cell: (op) => op.error ?? '' },
  ];
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('accounting.sync.intro')}</Typography>
      <RunButtons actions={sync} labels={{ preview: t('accounting.sync.preview'), run: t('accounting.sync.push') }} canRun={pushable} />
      {sync.busy && <LinearProgress aria-label={t('accounting.loading')} />}
      {view && view.message !== CONNECTED && <Alert severity="warning">{serverMessage(view.message)}</Alert>}
      {view && view.message === CONNECTED && (
        <Stack spacing={1} component="section" aria-label={heading}>
          <Typography component="h4" variant="subtitle2">
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('accounting.sync.unchanged', { count: view.unchanged })}
          </Typography>
          {view.ops.length === 0 ? (
            <Typography>{t('accounting.sync.nothing')}</Typography>
          ) : (
            <RowsTable label={heading} columns={columns} rows={view.ops} rowKey={(op) => `${op.record_type}:${op.record_id}`} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

function StatusChip({ status }: { status: 'synced' | 'failed' }) {
  const { t } = useTranslation('company');
  return (
    <Chip
      size="small"
      color={status === 'synced' ? 'success' : 'error'}
      label={t(status === 'synced' ? 'accounting.status.synced' : 'accounting.status.failure')}
    />
  );
}

export function LogPanel({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('company');
  const log = useQuery(logQueryOptions(tenant));
  if (log.isPending) return <LinearProgress aria-label={t('accounting.loading')} />;
  if (log.isError) return <Alert severity="error">{t('accounting.fetchFailed')}</Alert>;
  if (log.data.length === 0) return <Typography color="text.secondary">{t('accounting.log.empty')}</Typography>;
  const when = (iso: string) => dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const columns: Column<LogEntry>[] = [
    { header: t('accounting.log.when'), cell: (e) => when(e.synced_on) },
    { header: t('accounting.sync.record'), cell: (e) => e.summary ?? `${e.record_type} #${e.record_id}` },
    { header: t('accounting.sync.entity'), cell: (e) => e.entity },
    { header: t('accounting.sync.status'), cell: (e) => <StatusChip status={e.status} /> },
    { header: t('accounting.log.remote'), cell: (e) => e.remote_id ?? '' },
    {
      header: t('accounting.sync.problem'),
      cell: (e) => (e.error ? t('accounting.log.error', { error: e.error, attempts: e.attempts }) : ''),
    },
  ];
  return (
    <RowsTable
      label={t('accounting.tabs.log')}
      columns={columns}
      rows={log.data}
      rowKey={(e) => `${e.record_type}:${e.record_id}:${e.version}`}
    />
  );
}
