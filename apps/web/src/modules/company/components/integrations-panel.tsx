import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchChange } from '../../../lib/search-change';
import { useSnackbar } from '../../../shell/snackbar';
import { AccountingSystemDialog } from './accounting-system-dialog';
import { TimecardSystemDialog } from './timecard-system-dialog';

/** Spec §2: the settings dialog that opens the accounting integration. */
const ACCOUNTING_DIALOG = 'accounting-system-dialog';
/** Spec §2: the settings dialog that opens the external time-card system (QuickBooks Time). */
const TIMECARD_DIALOG = 'timecard-system-dialog';
const CALLBACK_RESULTS = ['connected', 'error', 'denied'] as const;

type Search = Record<string, unknown>;

/** Whether the URL asks for an integration's dialog (company-setup opens its integrations tab then). */
export function useAccountingDialogRequested(): boolean {
  const search: Search = useSearch({ strict: false });
  return search.dialog === ACCOUNTING_DIALOG || search.dialog === TIMECARD_DIALOG;
}

/**
 * The integrations tab of company-setup: the accounting system (dialog=accounting-system-dialog) and the time-card
 * system (dialog=timecard-system-dialog).
 */
export function IntegrationsPanel() {
  const { t } = useTranslation('company');
  const change = useSearchChange();
  const open = (dialog: string) => () => change({ dialog });
  return (
    <Stack spacing={2}>
      <IntegrationCard
        icon={<AccountBalanceIcon color="primary" aria-hidden />}
        headingId="integrations-accounting-heading"
        title={t('accounting.system')}
        body={t('accounting.integrations.accountingBody')}
        openLabel={t('accounting.integrations.open')}
        onOpen={open(ACCOUNTING_DIALOG)}
      />
      <IntegrationCard
        icon={<ScheduleIcon color="primary" aria-hidden />}
        headingId="integrations-timecard-heading"
        title={t('timecardSystem.system')}
        body={t('timecardSystem.integrations.body')}
        openLabel={t('timecardSystem.integrations.open')}
        onOpen={open(TIMECARD_DIALOG)}
      />
    </Stack>
  );
}

interface IntegrationCardProps {
  icon: ReactNode;
  headingId: string;
  title: string;
  body: string;
  openLabel: string;
  onOpen: () => void;
}

/** One integration: what it does, and the button that opens its dialog. */
function IntegrationCard({ icon, headingId, title, body, openLabel, onOpen }: IntegrationCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Stack spacing={1.5} direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' } }}>
        {icon}
        <Stack sx={{ flexGrow: 1 }}>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography color="text.secondary">{body}</Typography>
        </Stack>
        <Button variant="outlined" onClick={onOpen}>
          {openLabel}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The dialogs as the URL says: dialog=accounting-system-dialog or dialog=timecard-system-dialog; closing removes only
 * `dialog`. After consent the callbacks send the admin back with qbo= or qbt=connected|error|denied, said once in the
 * snackbar and removed.
 */
export function AccountingDialogRoute({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const search: Search = useSearch({ strict: false });
  const change = useSearchChange();
  const result = CALLBACK_RESULTS.find((r) => r === search.qbo);
  const timecardResult = CALLBACK_RESULTS.find((r) => r === search.qbt);
  const said = useRef<string | null>(null);

  useEffect(() => {
    const key = result ? `qbo:${result}` : timecardResult ? `qbt:${timecardResult}` : null;
    if (!key || said.current === key) return;
    said.current = key;
    const message = result ? t(`accounting.callback.${result}`) : t(`timecardSystem.callback.${timecardResult ?? 'error'}`);
    snackbar.show({ color: (result ?? timecardResult) === 'connected' ? 'success' : 'error', message });
    change({ qbo: undefined, qbt: undefined }, { replace: true });
  }, [result, timecardResult, change, snackbar, t]);

  const close = useCallback(() => change({ dialog: undefined, qbo: undefined, qbt: undefined }, { replace: true }), [change]);
  return (
    <>
      <AccountingSystemDialog tenant={tenant} open={search.dialog === ACCOUNTING_DIALOG} onClose={close} />
      <TimecardSystemDialog tenant={tenant} open={search.dialog === TIMECARD_DIALOG} onClose={close} />
    </>
  );
}
