import { CONNECTED } from '@groundwork/core/accounting';
import {
  Alert,
  Button,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../lib/intl';
import { useSnackbar } from '../../../shell/snackbar';
import { accountingKeys, type LogEntry, logQueryOptions, previewSync, pushSync, type SyncOp } from '../api/accounting';
import { useServerMessage } from './use-server-message';

// The accounting-system dialog's sync (preview, then push) and sync log tabs.

const ACTION_COLOR = { create: 'primary', update: 'info', blocked: 'warning' } as const;

export function SyncPanel({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const serverMessage = useServerMessage();
  const queryClient = useQueryClient();
  const [view, setView] = useState<{ kind: 'preview' | 'push'; ops: SyncOp[]; unchanged: number; message: string | null } | null>(null);
  const preview = useMutation({
    mutationFn: () => previewSync(tenant),
    onSuccess: (r) => setView({ kind: 'preview', ops: r.data.ops ?? [], unchanged: r.data.unchanged ?? 0, message: r.message }),
    onError: () => snackbar.show({ color: 'error', message: t('accounting.sync.previewFailed') }),
  });
  const push = useMutation({
    mutationFn: () => pushSync(tenant),
    onSuccess: (r) => {
      const ops = r.data.results ?? [];
      setView({ kind: 'push', ops, unchanged: r.data.unchanged ?? 0, message: r.message });
      const failed = ops.filter((o) => o.status === 'failed').length;
      snackbar.show({
        color: failed ? 'warning' : 'success',
        message: t('accounting.sync.pushed', { synced: ops.length - failed, failed }),
      });
      void queryClient.invalidateQueries({ queryKey: accountingKeys.log(tenant) });
    },
    onError: () => snackbar.show({ color: 'error', message: t('accounting.sync.pushFailed') }),
  });
  const busy = preview.isPending || push.isPending;
  const pushable = view?.kind === 'preview' && view.ops.some((o) => o.action !== 'blocked');
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('accounting.sync.intro')}</Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" disabled={busy} onClick={() => preview.mutate()}>
          {t('accounting.sync.preview')}
        </Button>
        <Button variant="contained" disabled={busy || !pushable} onClick={() => push.mutate()}>
          {t('accounting.sync.push')}
        </Button>
      </Stack>
      {busy && <LinearProgress aria-label={t('accounting.loading')} />}
      {view && view.message !== CONNECTED && <Alert severity="warning">{serverMessage(view.message)}</Alert>}
      {view && view.message === CONNECTED && (
        <Stack spacing={1} component="section" aria-label={t(`accounting.sync.${view.kind}Heading`)}>
          <Typography component="h4" variant="subtitle2">
            {t(`accounting.sync.${view.kind}Heading`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('accounting.sync.unchanged', { count: view.unchanged })}
          </Typography>
          {view.ops.length === 0 ? (
            <Typography>{t('accounting.sync.nothing')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t(`accounting.sync.${view.kind}Heading`)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('accounting.sync.record')}</TableCell>
                    <TableCell>{t('accounting.sync.entity')}</TableCell>
                    <TableCell>{t('accounting.sync.action')}</TableCell>
                    {view.kind === 'push' && <TableCell>{t('accounting.sync.status')}</TableCell>}
                    <TableCell>{t('accounting.sync.problem')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {view.ops.map((op) => (
                    <TableRow key={`${op.record_type}:${op.record_id}`}>
                      <TableCell>{op.summary}</TableCell>
                      <TableCell>{op.entity}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={ACTION_COLOR[op.action]}
                          label={t(`accounting.actions.${op.action}`)}
                        />
                      </TableCell>
                      {view.kind === 'push' && (
                        <TableCell>
                          <StatusChip status={op.status ?? 'failed'} />
                        </TableCell>
                      )}
                      <TableCell>{op.error ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
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
  return (
    <TableContainer>
      <Table size="small" aria-label={t('accounting.tabs.log')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('accounting.log.when')}</TableCell>
            <TableCell>{t('accounting.sync.record')}</TableCell>
            <TableCell>{t('accounting.sync.entity')}</TableCell>
            <TableCell>{t('accounting.sync.status')}</TableCell>
            <TableCell>{t('accounting.log.remote')}</TableCell>
            <TableCell>{t('accounting.sync.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {log.data.map((e: LogEntry) => (
            <TableRow key={`${e.record_type}:${e.record_id}:${e.version}`}>
              <TableCell>{when(e.synced_on)}</TableCell>
              <TableCell>{e.summary ?? `${e.record_type} #${e.record_id}`}</TableCell>
              <TableCell>{e.entity}</TableCell>
              <TableCell>
                <StatusChip status={e.status} />
              </TableCell>
              <TableCell>{e.remote_id ?? ''}</TableCell>
              <TableCell>{e.error ? t('accounting.log.error', { error: e.error, attempts: e.attempts }) : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
