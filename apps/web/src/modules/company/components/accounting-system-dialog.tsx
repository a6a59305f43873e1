import { ACCOUNTING_MESSAGES, CONNECTED, type MappingKind, mappingKinds } from '@groundwork/core/accounting';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';
import { QBO_DISCONNECTED_KEY, removeStorage, writeStorage } from '../../../shell/shell-storage';
import { useSnackbar } from '../../../shell/snackbar';
import {
  accountingConnection,
  accountingKeys,
  accountingStatusQueryOptions,
  type ConnectionEventType,
  type LogEntry,
  logQueryOptions,
  type MappingKindData,
  mappingQueryOptions,
  mapRecord,
  previewSync,
  pushSync,
  type Remote,
  type SyncOp,
} from '../api/accounting';

const openInPage = (url: string) => window.location.assign(url);

/** The server's messages are the contract's English; known ones are shown in the reader's language. */
function useServerMessage() {
  const { t } = useTranslation('company');
  return (message: string | null | undefined) => {
    if (!message) return '';
    if (message === CONNECTED) return t('accounting.connected');
    const key = (Object.keys(ACCOUNTING_MESSAGES) as (keyof typeof ACCOUNTING_MESSAGES)[]).find((k) => ACCOUNTING_MESSAGES[k] === message);
    return key ? t(`accounting.server.${key}`) : message;
  };
}

interface AccountingSystemDialogProps {
  tenant: string;
  open: boolean;
  onClose: () => void;
  /** Where connect sends the browser (Intuit's consent page); tests pass a spy. */
  openUrl?: (url: string) => void;
}

type Section = 'mapping' | 'sync' | 'log';

/**
 * Spec §2 dialog=accounting-system-dialog (issue 23): QuickBooks Online. Connect (to Intuit's consent page and back),
 * check ('Connected' or the reason) and disconnect; once connected, the mapping with suggestions by name, the dry-run
 * preview and push of signed time cards, receipts and orders, and the sync log with each record's status and error.
 */
export function AccountingSystemDialog({ tenant, open, onClose, openUrl = openInPage }: AccountingSystemDialogProps) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const serverMessage = useServerMessage();
  const queryClient = useQueryClient();
  const status = useQuery({ ...accountingStatusQueryOptions(tenant), enabled: open });
  const [checked, setChecked] = useState<string | null>(null);
  const [section, setSection] = useState<Section>('mapping');

  const connection = useMutation({
    mutationFn: (event: ConnectionEventType) => accountingConnection(tenant, event),
    onSuccess: (result, event) => {
      if (event === 'connect' && result.redirect_uri) return openUrl(result.redirect_uri);
      setChecked(result.message ?? null);
      if (event === 'disconnect') {
        // Spec §4: after disconnecting, the app keeps the accounting-disconnected flag.
        writeStorage(QBO_DISCONNECTED_KEY, 'true');
        snackbar.show({ color: 'success', message: t('accounting.disconnectedDone') });
      } else if (result.message === CONNECTED) {
        removeStorage(QBO_DISCONNECTED_KEY);
        snackbar.show({ color: 'success', message: t('accounting.connected') });
      }
      void queryClient.invalidateQueries({ queryKey: accountingKeys.all(tenant) });
    },
    onError: (error) => snackbar.show({ color: 'error', message: error.message || t('accounting.failed') }),
  });

  const s = status.data;
  const state = !s ? null : s.connected ? 'connected' : s.qbo_disconnected ? 'disconnected' : 'notConnected';
  const tabId = (name: Section, part: 'tab' | 'panel') => `accounting-${part}-${name}`;

  return (
    <AppDialog open={open} onClose={onClose} title={t('accounting.title')} width={960} loading={connection.isPending}>
      <Stack spacing={2}>
        {status.isPending && <LinearProgress aria-label={t('accounting.loading')} />}
        {status.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => status.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('accounting.fetchFailed')}
          </Alert>
        )}
        {s && !s.configured && <Alert severity="info">{t('accounting.server.notConfigured')}</Alert>}
        {s?.configured && (
          <Stack spacing={1.5} component="section" aria-labelledby="accounting-connection-heading">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography id="accounting-connection-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('accounting.system')}
              </Typography>
              <Chip
                size="small"
                color={state === 'connected' ? 'success' : state === 'disconnected' ? 'error' : 'default'}
                label={t(`accounting.state.${state ?? 'notConnected'}`)}
              />
            </Stack>
            {state === 'disconnected' && <Alert severity="warning">{t('accounting.server.disconnected')}</Alert>}
            {checked && checked !== CONNECTED && <Alert severity="warning">{serverMessage(checked)}</Alert>}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              {state !== 'connected' && (
                <Button variant="contained" disabled={connection.isPending} onClick={() => connection.mutate('connect')}>
                  {state === 'disconnected' ? t('accounting.reconnect') : t('accounting.connect')}
                </Button>
              )}
              <Button variant="outlined" disabled={connection.isPending} onClick={() => connection.mutate('check')}>
                {t('accounting.check')}
              </Button>
              {state === 'connected' && (
                <Button variant="outlined" color="error" disabled={connection.isPending} onClick={() => connection.mutate('disconnect')}>
                  {t('accounting.disconnect')}
                </Button>
              )}
            </Stack>
          </Stack>
        )}
        {state === 'connected' && (
          <Box>
            <Tabs
              value={section}
              onChange={(_e, value: Section) => setSection(value)}
              aria-label={t('accounting.sections')}
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
            >
              {(['mapping', 'sync', 'log'] as const).map((name) => (
                <Tab
                  key={name}
                  value={name}
                  label={t(`accounting.tabs.${name}`)}
                  id={tabId(name, 'tab')}
                  aria-controls={tabId(name, 'panel')}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id={tabId(section, 'panel')} aria-labelledby={tabId(section, 'tab')}>
              {section === 'mapping' && <MappingPanel tenant={tenant} />}
              {section === 'sync' && <SyncPanel tenant={tenant} />}
              {section === 'log' && <LogPanel tenant={tenant} />}
            </Box>
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
}

function MappingPanel({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const serverMessage = useServerMessage();
  const mapping = useQuery(mappingQueryOptions(tenant));
  const [kind, setKind] = useState<MappingKind>('person');
  if (mapping.isPending) return <LinearProgress aria-label={t('accounting.loading')} />;
  if (mapping.isError) return <Alert severity="error">{t('accounting.fetchFailed')}</Alert>;
  if (mapping.data.message !== CONNECTED) return <Alert severity="warning">{serverMessage(mapping.data.message)}</Alert>;
  const data = mapping.data.data.kinds.find((k) => k.kind === kind);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('accounting.mapping.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as MappingKind)}
        sx={{ maxWidth: 320 }}
        size="small"
      >
        {mappingKinds.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`accounting.kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      {data && <MappingTable tenant={tenant} data={data} />}
    </Stack>
  );
}

function MappingTable({ tenant, data }: { tenant: string; data: MappingKindData }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: async (links: { local_id: number; remote: Remote | null }[]) => {
      for (const l of links) await mapRecord(tenant, data.kind, l.local_id, l.remote);
      return links.length;
    },
    onSuccess: (n) => {
      snackbar.show({ color: 'success', message: t('accounting.mapping.saved', { count: n }) });
      void queryClient.invalidateQueries({ queryKey: accountingKeys.mapping(tenant) });
    },
    onError: () => snackbar.show({ color: 'error', message: t('accounting.mapping.failed') }),
  });
  const suggested = data.locals.filter((l) => !l.remote_id && l.suggestion);
  const remoteLabel = t(`accounting.entities.${data.kind}`);
  if (data.locals.length === 0) return <Typography color="text.secondary">{t('accounting.mapping.empty')}</Typography>;
  return (
    <Stack spacing={1.5}>
      {suggested.length > 0 && (
        <Box>
          <Button
            variant="outlined"
            disabled={link.isPending}
            onClick={() => link.mutate(suggested.map((l) => ({ local_id: l.id, remote: l.suggestion })))}
          >
            {t('accounting.mapping.acceptAll', { count: suggested.length })}
          </Button>
        </Box>
      )}
      <TableContainer>
        <Table size="small" aria-label={t(`accounting.kinds.${data.kind}`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t('accounting.mapping.record')}</TableCell>
              <TableCell>{remoteLabel}</TableCell>
              <TableCell>{t('accounting.mapping.suggestion')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.locals.map((local) => (
              <TableRow key={local.id}>
                <TableCell>{local.name}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('accounting.mapping.linkFor', { entity: remoteLabel, name: local.name })}
                    value={local.remote_id ?? ''}
                    disabled={link.isPending}
                    onChange={(e) => {
                      const remote = data.remotes.find((r) => r.id === e.target.value) ?? null;
                      link.mutate([{ local_id: local.id, remote }]);
                    }}
                  >
                    <MenuItem value="">
                      <em>{t('accounting.mapping.none')}</em>
                    </MenuItem>
                    {data.remotes.map((r) => (
                      <MenuItem key={r.id} value={r.id}>
                        {r.name}
                      </MenuItem>
                    ))}
                    {local.remote_id && !data.remotes.some((r) => r.id === local.remote_id) && (
                      <MenuItem value={local.remote_id}>{local.remote_name ?? local.remote_id}</MenuItem>
                    )}
                  </TextField>
                </TableCell>
                <TableCell>
                  {local.suggestion && !local.remote_id && (
                    <Button
                      size="small"
                      disabled={link.isPending}
                      onClick={() => link.mutate([{ local_id: local.id, remote: local.suggestion }])}
                      aria-label={t('accounting.mapping.useSuggestionFor', { name: local.name, suggestion: local.suggestion.name })}
                    >
                      {t('accounting.mapping.useSuggestion', { suggestion: local.suggestion.name })}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

const ACTION_COLOR = { create: 'primary', update: 'info', blocked: 'warning' } as const;

function SyncPanel({ tenant }: { tenant: string }) {
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

function LogPanel({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('company');
  const log = useQuery(logQueryOptions(tenant));
  if (log.isPending) return <LinearProgress aria-label={t('accounting.loading')} />;
  if (log.isError) return <Alert severity="error">{t('accounting.fetchFailed')}</Alert>;
  if (log.data.length === 0) return <Typography color="text.secondary">{t('accounting.log.empty')}</Typography>;
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
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
