import { CONNECTED } from '@groundwork/core/accounting';
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { timecardSystemConnection, timecardSystemKeys, timecardSystemStatusQueryOptions } from '../api/timecard-system';
import { type IntegrationDialogProps, IntegrationFrame } from './integration-frame';
import { TimecardImportPanel } from './timecard-system-import';
import { TimecardMappingPanel } from './timecard-system-mapping';
import { useConnectionEvents } from './use-connection-events';
import { useTimecardServerMessage } from './use-server-message';

const openInPage = (url: string) => window.location.assign(url);

const SECTIONS = ['mapping', 'import'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Spec §2 dialog=timecard-system-dialog (issue 23): QuickBooks Time. Connect (to its consent page and back), check
 * ('Connected' or the reason; spec §4: connected only when the message equals 'Connected') and disconnect; once
 * connected, linking users to people and jobcodes to jobs, and a pay period's import: preview, then import, with
 * each timesheet's result and the conflicts with hours already typed in the app.
 */
export function TimecardSystemDialog({ tenant, open, onClose, openUrl = openInPage }: IntegrationDialogProps) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const serverMessage = useTimecardServerMessage();
  const status = useQuery({ ...timecardSystemStatusQueryOptions(tenant), enabled: open });
  const [checked, setChecked] = useState<string | null>(null);
  const [section, setSection] = useState<Section>('mapping');

  const connection = useConnectionEvents({
    send: (event) => timecardSystemConnection(tenant, event),
    openUrl,
    queryKey: timecardSystemKeys.all(tenant),
    onAnswer: (result, event) => {
      setChecked(event === 'disconnect' ? null : (result.message ?? null));
      if (event === 'disconnect') snackbar.show({ color: 'success', message: t('timecardSystem.disconnectedDone') });
      else if (result.message === CONNECTED) snackbar.show({ color: 'success', message: t('timecardSystem.callback.connected') });
    },
    failed: t('timecardSystem.failed'),
  });

  const s = status.data;
  // Spec §4: what the server last answered decides; 'Connected' and nothing else counts as connected.
  const connected = s?.connected && (checked === null || checked === CONNECTED);
  const state = !s ? null : connected ? 'connected' : s.disconnected_reason ? 'disconnected' : 'notConnected';

  return (
    <AppDialog open={open} onClose={onClose} title={t('timecardSystem.title')} width={960} loading={connection.isPending}>
      <IntegrationFrame
        strings="timecardSystem"
        idPrefix="timecard-system"
        status={{ isPending: status.isPending, isError: status.isError, refetch: status.refetch, configured: s?.configured }}
        state={state}
        alerts={
          <>
            {state === 'disconnected' && <Alert severity="warning">{t('timecardSystem.server.expired')}</Alert>}
            {checked && checked !== CONNECTED && state !== 'disconnected' && <Alert severity="warning">{serverMessage(checked)}</Alert>}
            {checked === CONNECTED && <Alert severity="success">{serverMessage(checked)}</Alert>}
          </>
        }
        canDisconnect={Boolean(s?.connected)}
        pending={connection.isPending}
        onEvent={(event) => connection.mutate(event)}
        sections={SECTIONS}
        sectionLabel={(name) => t(`timecardSystem.tabs.${name}`)}
        section={section}
        onSection={setSection}
      >
        {section === 'mapping' && <TimecardMappingPanel tenant={tenant} />}
        {section === 'import' && <TimecardImportPanel tenant={tenant} />}
      </IntegrationFrame>
    </AppDialog>
  );
}
