import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { AccountingSystemDialog } from './accounting-system-dialog';

/** Spec §2: the settings dialog that opens the accounting integration. */
export const ACCOUNTING_DIALOG = 'accounting-system-dialog';
const CALLBACK_RESULTS = ['connected', 'error', 'denied'] as const;

type Search = Record<string, unknown>;

/** Whether the URL asks for the accounting-system dialog (company-setup opens its integrations tab then). */
export function useAccountingDialogRequested(): boolean {
  const search: Search = useSearch({ strict: false });
  return search.dialog === ACCOUNTING_DIALOG;
}

/** The integrations tab of company-setup: the accounting system, opened as dialog=accounting-system-dialog. */
export function IntegrationsPanel() {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const open = () => void navigate({ to: '.', search: ((previous: Search) => ({ ...previous, dialog: ACCOUNTING_DIALOG })) as never });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="integrations-accounting-heading">
      <Stack spacing={1.5} direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' } }}>
        <AccountBalanceIcon color="primary" aria-hidden />
        <Stack sx={{ flexGrow: 1 }}>
          <Typography id="integrations-accounting-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('accounting.system')}
          </Typography>
          <Typography color="text.secondary">{t('accounting.integrations.accountingBody')}</Typography>
        </Stack>
        <Button variant="outlined" onClick={open}>
          {t('accounting.integrations.open')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The dialog as the URL says: open with dialog=accounting-system-dialog; closing removes only `dialog`. After Intuit's
 * consent the callback sends the admin back with qbo=connected|error|denied, said once in the snackbar and removed.
 */
export function AccountingDialogRoute({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const search: Search = useSearch({ strict: false });
  const navigate = useNavigate();
  const result = CALLBACK_RESULTS.find((r) => r === search.qbo);
  const said = useRef<string | null>(null);

  useEffect(() => {
    if (!result || said.current === result) return;
    said.current = result;
    snackbar.show({ color: result === 'connected' ? 'success' : 'error', message: t(`accounting.callback.${result}`) });
    void navigate({
      to: '.',
      search: ((previous: Search) => {
        const { qbo: _qbo, ...rest } = previous;
        return rest;
      }) as never,
      replace: true,
    });
  }, [result, navigate, snackbar, t]);

  const close = useCallback(
    () =>
      void navigate({
        to: '.',
        search: ((previous: Search) => {
          const { dialog: _dialog, qbo: _qbo, ...rest } = previous;
          return rest;
        }) as never,
        replace: true,
      }),
    [navigate],
  );
  return <AccountingSystemDialog tenant={tenant} open={search.dialog === ACCOUNTING_DIALOG} onClose={close} />;
}
