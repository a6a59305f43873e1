import { CONNECTED } from '@groundwork/core/accounting';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';
import { QBO_DISCONNECTED_KEY, removeStorage, writeStorage } from '../../../shell/shell-storage';
import { useSnackbar } from '../../../shell/snackbar';
import { accountingConnection, accountingKeys, accountingStatusQueryOptions, type ConnectionEventType } from '../api/accounting';

import { MappingPanel } from './accounting-mapping';
import { LogPanel, SyncPanel } from './accounting-sync';

import { useServerMessage } from './use-server-message';

interface AccountingSystemDialogProps {
  tenant: string;
  open: boolean;
  onClose: () => void;
  /** Where connect sends the browser (Intuit's consent page); tests pass a spy. */
  openUrl?: (url: string) => void;
}

const openInPage = (url: string) => window.location.assign(url);

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
