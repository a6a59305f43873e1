import { CONNECTED } from '@groundwork/core/accounting';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import {
  type TimecardConnectionEvent,
  timecardSystemConnection,
  timecardSystemKeys,
  timecardSystemStatusQueryOptions,
} from '../api/timecard-system';
import { TimecardImportPanel } from './timecard-system-import';
import { TimecardMappingPanel } from './timecard-system-mapping';
import { useTimecardServerMessage } from './use-timecard-server-message';

interface TimecardSystemDialogProps {
  tenant: string;
  open: boolean;
  onClose: () => void;
  /** Where connect sends the browser (QuickBooks Time's consent page); tests pass a spy. */
  openUrl?: (url: string) => void;
}

const openInPage = (url: string) => window.location.assign(url);

type Section = 'mapping' | 'import';

/**
 * Spec §2 dialog=timecard-system-dialog (issue 23): QuickBooks Time. Connect (to its consent page and back), check
 * ('Connected' or the reason; spec §4: connected only when the message equals 'Connected') and disconnect; once
 * connected, linking users to people and jobcodes to jobs, and a pay period's import: preview, then import, with
 * each timesheet's result and the conflicts with hours already typed in the app.
 */
export function TimecardSystemDialog({ tenant, open, onClose, openUrl = openInPage }: TimecardSystemDialogProps) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const serverMessage = useTimecardServerMessage();
  const queryClient = useQueryClient();
  const status = useQuery({ ...timecardSystemStatusQueryOptions(tenant), enabled: open });
  const [checked, setChecked] = useState<string | null>(null);
  const [section, setSection] = useState<Section>('mapping');

  const connection = useMutation({
    mutationFn: (event: TimecardConnectionEvent) => timecardSystemConnection(tenant, event),
    onSuccess: (result, event) => {
      if (event === 'connect' && result.redirect_uri) return openUrl(result.redirect_uri);
      setChecked(event === 'disconnect' ? null : (result.message ?? null));
      if (event === 'disconnect') snackbar.show({ color: 'success', message: t('timecardSystem.disconnectedDone') });
      else if (result.message === CONNECTED) snackbar.show({ color: 'success', message: t('timecardSystem.callback.connected') });
      void queryClient.invalidateQueries({ queryKey: timecardSystemKeys.all(tenant) });
    },
    onError: (error) => snackbar.show({ color: 'error', message: error.message || t('timecardSystem.failed') }),
  });

  const s = status.data;
  // Spec §4: what the server last answered decides; 'Connected' and nothing else counts as connected.
  const connected = s?.connected && (checked === null || checked === CONNECTED);
  const state = !s ? null : connected ? 'connected' : s.disconnected_reason ? 'disconnected' : 'notConnected';
  const tabId = (name: Section, part: 'tab' | 'panel') => `timecard-system-${part}-${name}`;

  return (
    <AppDialog open={open} onClose={onClose} title={t('timecardSystem.title')} width={960} loading={connection.isPending}>
      <Stack spacing={2}>
        {status.isPending && <LinearProgress aria-label={t('timecardSystem.loading')} />}
        {status.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => status.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('timecardSystem.fetchFailed')}
          </Alert>
        )}
        {s && !s.configured && <Alert severity="info">{t('timecardSystem.server.notConfigured')}</Alert>}
        {s?.configured && (
          <Stack spacing={1.5} component="section" aria-labelledby="timecard-system-connection-heading">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography id="timecard-system-connection-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('timecardSystem.system')}
              </Typography>
              <Chip
                size="small"
                color={state === 'connected' ? 'success' : state === 'disconnected' ? 'error' : 'default'}
                label={t(`timecardSystem.state.${state ?? 'notConnected'}`)}
              />
            </Stack>
            {state === 'disconnected' && <Alert severity="warning">{t('timecardSystem.server.expired')}</Alert>}
            {checked && checked !== CONNECTED && state !== 'disconnected' && <Alert severity="warning">{serverMessage(checked)}</Alert>}
            {checked === CONNECTED && <Alert severity="success">{serverMessage(checked)}</Alert>}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              {state !== 'connected' && (
                <Button variant="contained" disabled={connection.isPending} onClick={() => connection.mutate('connect')}>
                  {state === 'disconnected' ? t('timecardSystem.reconnect') : t('timecardSystem.connect')}
                </Button>
              )}
              <Button variant="outlined" disabled={connection.isPending} onClick={() => connection.mutate('check')}>
                {t('timecardSystem.check')}
              </Button>
              {s.connected && (
                <Button variant="outlined" color="error" disabled={connection.isPending} onClick={() => connection.mutate('disconnect')}>
                  {t('timecardSystem.disconnect')}
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
              aria-label={t('timecardSystem.sections')}
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
            >
              {(['mapping', 'import'] as const).map((name) => (
                <Tab
                  key={name}
                  value={name}
                  label={t(`timecardSystem.tabs.${name}`)}
                  id={tabId(name, 'tab')}
                  aria-controls={tabId(name, 'panel')}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id={tabId(section, 'panel')} aria-labelledby={tabId(section, 'tab')}>
              {section === 'mapping' && <TimecardMappingPanel tenant={tenant} />}
              {section === 'import' && <TimecardImportPanel tenant={tenant} />}
            </Box>
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
}
