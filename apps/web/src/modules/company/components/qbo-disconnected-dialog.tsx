import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { isCompanyAdmin } from '../../../app/access';
import { useClaims } from '../../../auth/session';
import { useAfterFirstScreen } from '../../../lib/first-screen';
import { useSearchChange } from '../../../lib/search-change';
import { useTenant } from '../../../lib/storage';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { QBO_DISCONNECTED_KEY, readStorage, removeStorage, writeStorage } from '../../../shell/shell-storage';
import { accountingConnection, accountingStatusQueryOptions } from '../api/accounting';

const QBO_DIALOG_QUERY = 'qbo-disconnected';

// The notice's dialog (and the shell dialog under it) loads the first time it opens (issue 28).
const QboDisconnectedDialog = lazy(() => import('./qbo-disconnected-view').then((m) => ({ default: m.QboDisconnectedDialog })));

// Spec §4: any value other than absent or 'false' counts as set.
function flagIsSet(): boolean {
  const value = readStorage(QBO_DISCONNECTED_KEY);
  return value !== null && value !== 'false';
}

/**
 * Spec §2, §4: opens at start when the local flag is set or dialog=qbo-disconnected is in the URL, and again when the
 * query becomes qbo-disconnected while closed. Closing removes the query (replacing the history entry) and the flag.
 */
function useQboDisconnectedDialog() {
  // Read loosely: the dashboard's typed search is another issue's, and this notice may open on any appview route.
  const search: Record<string, unknown> = useSearch({ strict: false });
  const change = useSearchChange();
  const queryPresent = search.dialog === QBO_DIALOG_QUERY;
  const [open, setOpen] = useState(() => queryPresent || flagIsSet());

  useEffect(() => {
    if (queryPresent) setOpen(true);
  }, [queryPresent]);

  const close = useCallback(() => {
    setOpen(false);
    removeStorage(QBO_DISCONNECTED_KEY);
    if (!queryPresent) return;
    // Only `dialog` goes; id, admin, tab, step and the rest stay as they are.
    change({ dialog: undefined }, { replace: true });
  }, [change, queryPresent]);

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
  const tenant = useTenant();
  // Asked once the first screen is on screen (issue 28).
  const shown = useAfterFirstScreen();
  const status = useQuery({
    ...accountingStatusQueryOptions(tenant ?? ''),
    enabled: admin && Boolean(tenant) && shown,
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
  // Once opened it stays mounted, so closing it plays its transition.
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <QboDisconnectedDialog open={open} onClose={close} onReconnect={admin && tenant ? () => void reconnect() : undefined} />
    </Suspense>
  );
}
