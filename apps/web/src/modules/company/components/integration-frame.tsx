import type { ConnectionEvent } from '@groundwork/core/accounting';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';

type ConnectionState = 'connected' | 'disconnected' | 'notConnected';

/** The QuickBooks Online and Time dialogs' props. */
export interface IntegrationDialogProps {
  tenant: string;
  open: boolean;
  onClose: () => void;
  /** Where connect sends the browser (the system's consent page); tests pass a spy. */
  openUrl?: (url: string) => void;
}

interface IntegrationFrameProps<Section extends string> {
  /** The integration's strings in the company namespace (loading, state, connect…, tabs). */
  strings: 'accounting' | 'timecardSystem';
  /** Prefix of the element ids (the heading, tabs and panels). */
  idPrefix: string;
  status: { isPending: boolean; isError: boolean; refetch: () => unknown; configured: boolean | undefined };
  state: ConnectionState | null;
  /** What the server last said beyond the state chip (the integration's own warnings). */
  alerts: ReactNode;
  canDisconnect: boolean;
  pending: boolean;
  onEvent: (event: ConnectionEvent) => void;
  sections: readonly Section[];
  /** A section's tab label (the integration's typed `tabs` keys). */
  sectionLabel: (section: Section) => string;
  section: Section;
  onSection: (section: Section) => void;
  /** The open section's panel, shown once connected. */
  children: ReactNode;
}

/**
 * What the QuickBooks Online and QuickBooks Time dialogs share (issue 14): the status read, the connection section
 * (state, the server's warnings, connect or reconnect, check, disconnect) and, once connected, the sections' tabs.
 */
export function IntegrationFrame<Section extends string>({
  strings,
  idPrefix,
  status,
  state,
  alerts,
  canDisconnect,
  pending,
  onEvent,
  sections,
  sectionLabel,
  section,
  onSection,
  children,
}: IntegrationFrameProps<Section>) {
  const { t } = useTranslation('company');
  const tabId = (name: Section, part: 'tab' | 'panel') => `${idPrefix}-${part}-${name}`;
  return (
    <Stack spacing={2}>
      {status.isPending && <LinearProgress aria-label={t(`${strings}.loading`)} />}
      {status.isError && (
        <RetryAlert retryLabel={t('retry')} onRetry={() => void status.refetch()}>
          {t(`${strings}.fetchFailed`)}
        </RetryAlert>
      )}
      {status.configured === false && <Alert severity="info">{t(`${strings}.server.notConfigured`)}</Alert>}
      {status.configured && (
        <Stack spacing={1.5} component="section" aria-labelledby={`${idPrefix}-connection-heading`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography id={`${idPrefix}-connection-heading`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t(`${strings}.system`)}
            </Typography>
            <Chip
              size="small"
              color={state === 'connected' ? 'success' : state === 'disconnected' ? 'error' : 'default'}
              label={t(`${strings}.state.${state ?? 'notConnected'}`)}
            />
          </Stack>
          {alerts}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {state !== 'connected' && (
              <Button variant="contained" disabled={pending} onClick={() => onEvent('connect')}>
                {state === 'disconnected' ? t(`${strings}.reconnect`) : t(`${strings}.connect`)}
              </Button>
            )}
            <Button variant="outlined" disabled={pending} onClick={() => onEvent('check')}>
              {t(`${strings}.check`)}
            </Button>
            {canDisconnect && (
              <Button variant="outlined" color="error" disabled={pending} onClick={() => onEvent('disconnect')}>
                {t(`${strings}.disconnect`)}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      {state === 'connected' && (
        <Box>
          <Tabs
            value={section}
            onChange={(_e, value: Section) => onSection(value)}
            aria-label={t(`${strings}.sections`)}
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
          >
            {sections.map((name) => (
              <Tab key={name} value={name} label={sectionLabel(name)} id={tabId(name, 'tab')} aria-controls={tabId(name, 'panel')} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={tabId(section, 'panel')} aria-labelledby={tabId(section, 'tab')}>
            {children}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
