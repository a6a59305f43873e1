import { CONNECTED } from '@groundwork/core/accounting';
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';
import { QBO_DISCONNECTED_KEY, removeStorage, writeStorage } from '../../../shell/shell-storage';
import { useSnackbar } from '../../../shell/snackbar';
import { accountingConnection, accountingKeys, accountingStatusQueryOptions } from '../api/accounting';
import { MappingPanel } from './accounting-mapping';
import { LogPanel, SyncPanel } from './accounting-sync';
import { type IntegrationDialogProps, IntegrationFrame } from './integration-frame';
import { useConnectionEvents } from './use-connection-events';
import { useServerMessage } from './use-server-message';

const openInPage = (url: string) => window.location.assign(url);

const SECTIONS = ['mapping', 'sync', 'log'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Spec §2 dialog=accounting-system-dialog (issue 23): QuickBooks Online. Connect (to Intuit's consent page and back),
 * check ('Connected' or the reason) and disconnect; once connected, the mapping with suggestions by name, the dry-run
 * preview and push of signed time cards, receipts and orders, and the sync log with each record's status and error.
 */
export function AccountingSystemDialog({ tenant, open, onClose, openUrl = openInPage }: IntegrationDialogProps) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const serverMessage = useServerMessage();
  const status = useQuery({ ...accountingStatusQueryOptions(tenant), enabled: open });
  const [checked, setChecked] = useState<string | null>(null);
  const [section, setSection] = useState<Section>('mapping');

  const connection = useConnectionEvents({
    send: (event) => accountingConnection(tenant, event),
    openUrl,
    queryKey: accountingKeys.all(tenant),
    onAnswer: (result, event) => {
      setChecked(result.message ?? null);
      if (event === 'disconnect') {
        // Spec §4: after disconnecting, the app keeps the accounting-disconnected flag.
        writeStorage(QBO_DISCONNECTED_KEY, 'true');
        snackbar.show({ color: 'success', message: t('accounting.disconnectedDone') });
      } else if (result.message === CONNECTED) {
        removeStorage(QBO_DISCONNECTED_KEY);
        snackbar.show({ color: 'success', message: t('accounting.connected') });
      }
    },
    failed: t('accounting.failed'),
  });

  const s = status.data;
  const state = !s ? null : s.connected ? 'connected' : s.qbo_disconnected ? 'disconnected' : 'notConnected';

  return (
    <AppDialog open={open} onClose={onClose} title={t('accounting.title')} width={960} loading={connection.isPending}>
      <IntegrationFrame
        strings="accounting"
        idPrefix="accounting"
        status={{ isPending: status.isPending, isError: status.isError, refetch: status.refetch, configured: s?.configured }}
        state={state}
        alerts={
          <>
            {state === 'disconnected' && <Alert severity="warning">{t('accounting.server.disconnected')}</Alert>}
            {checked && checked !== CONNECTED && <Alert severity="warning">{serverMessage(checked)}</Alert>}
          </>
        }
        canDisconnect={state === 'connected'}
        pending={connection.isPending}
        onEvent={(event) => connection.mutate(event)}
        sections={SECTIONS}
        sectionLabel={(name) => t(`accounting.tabs.${name}`)}
        section={section}
        onSection={setSection}
      >
        {section === 'mapping' && <MappingPanel tenant={tenant} />}
        {section === 'sync' && <SyncPanel tenant={tenant} />}
        {section === 'log' && <LogPanel tenant={tenant} />}
      </IntegrationFrame>
    </AppDialog>
  );
}
