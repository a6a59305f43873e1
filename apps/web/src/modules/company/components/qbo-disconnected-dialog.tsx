import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompanyAdmin } from '../../../app/access';
import { useClaims } from '../../../auth/session';
import { readSelectedTenantUuid } from '../../../lib/storage';
import { AppDialog } from '../../../shell/app-dialog';
import { QBO_DISCONNECTED_KEY, readStorage, removeStorage, writeStorage } from '../../../shell/shell-storage';
import { accountingConnection, accountingStatusQueryOptions } from '../api/accounting';

export const QBO_DIALOG_QUERY = 'qbo-disconnected';
export const QBO_LEARN_MORE_URL = 'https://quickbooks.intuit.com/learn-support/';

// Spec §4: any value other than absent or 'false' counts as set.
function flagIsSet(): boolean {
  const value = readStorage(QBO_DISCONNECTED_KEY);
  return value !== null && value !== 'false';
}

/**
 * Spec §2, §4: opens at start when the local flag is set or dialog=qbo-disconnected is in the URL, and again when the
 * query becomes qbo-disconnected while closed. Closing removes the query (replacing the history entry) and the flag.
 */
export function useQboDisconnectedDialog() {
  // Read loosely: the dashboard's typed search is another issue's, and this notice may open on any appview route.
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const queryPresent = search.dialog === QBO_DIALOG_QUERY;
  const [open, setOpen] = useState(() => queryPresent || flagIsSet());

  useEffect(() => {
    if (queryPresent) setOpen(true);
  }, [queryPresent]);

  const close = useCallback(() => {
    setOpen(false);
    removeStorage(QBO_DISCONNECTED_KEY);
    if (!queryPresent) return;
    void navigate({
      to: '.',
      // Only `dialog` goes; id, admin, tab, step and the rest stay as they are.
      search: ((previous: Record<string, unknown>) => {
        const { dialog: _removed, ...rest } = previous;
        return rest;
      }) as never,
      replace: true,
    });
  }, [navigate, queryPresent]);

  const raise = useCallback(() => setOpen(true), []);
  return { open, close, raise };
}

/**
 * Spec §6: only admins get the integration checks. At app start an admin's app asks whether the server has marked
 * the company's QuickBooks connection disconnected (QuickBooks refused our grant); if so the local flag is set and
 * the notice opens, as spec §4 has it.
 */
function useServerDisconnectedFlag(raise: () => void): { admin: boolean; tenant: string | null } {
  const admin = isCompanyAdmin(useClaims().data);
  const tenant = readSelectedTenantUuid();
  const status = useQuery({
    ...accountingStatusQueryOptions(tenant ?? ''),
    enabled: admin && Boolean(tenant),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const flagged = status.data?.qbo_disconnected === true;
  useEffect(() => {
    if (!flagged) return;
    writeStorage(QBO_DISCONNECTED_KEY, 'true');
    raise();
  }, [flagged, raise]);
  return { admin, tenant };
}

interface QboDisconnectedDialogProps {
  open: boolean;
  onClose: () => void;
  /** Admins only: reconnecting through the accounting connect action. */
  onReconnect?: () => void;
}

/** The accounting-disconnected notice: text, an external learn-more link, and only the close control. */
export function QboDisconnectedDialog({ open, onClose, onReconnect }: QboDisconnectedDialogProps) {
  const { t } = useTranslation('shell');
  return (
    <AppDialog open={open} onClose={onClose} title={t('qbo.title')}>
      <Typography sx={{ mb: 2 }}>{t('qbo.body')}</Typography>
      <Link href={QBO_LEARN_MORE_URL} target="_blank" rel="noopener noreferrer">
        {t('qbo.learnMore')}
        <Typography component="span" sx={visuallyHidden}>
          {` ${t('qbo.opensInNewTab')}`}
        </Typography>
      </Link>
      {onReconnect && (
        <Box sx={{ mt: 2 }}>
          <Link component="button" type="button" variant="body1" onClick={onReconnect}>
            {t('qbo.reconnect')}
          </Link>
        </Box>
      )}
    </AppDialog>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Mounted in the appview layout. */
export function QboDisconnectedNotice({ openUrl = (url: string) => window.location.assign(url) }: { openUrl?: (url: string) => void }) {
  const { open, close, raise } = useQboDisconnectedDialog();
  const { admin, tenant } = useServerDisconnectedFlag(raise);
  // Spec §4: the reconnect action attempts to connect, logs any failure, then clears the flag and closes.
  const reconnect = useCallback(async () => {
    if (!tenant) return close();
    let target: string | null = null;
    try {
      target = (await accountingConnection(tenant, 'connect')).redirect_uri ?? null;
    } catch (error) {
      console.error('Could not reconnect QuickBooks', error);
    }
    close();
    if (target) openUrl(target);
  }, [tenant, close, openUrl]);
  return <QboDisconnectedDialog open={open} onClose={close} onReconnect={admin && tenant ? () => void reconnect() : undefined} />;
}
