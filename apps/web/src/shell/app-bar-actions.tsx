import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Badge, IconButton } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writeSelectedTenant } from '../auth/auth-storage';
import { CLAIMS_QUERY_KEY, useOutboxOwner, useSignOut } from '../auth/session';
import { useAfterFirstScreen } from '../lib/first-screen';
import { identityCall } from '../lib/identity-client';
import { whenIdle } from '../lib/idle';
import { useOpenedOnce } from '../lib/use-opened-once';
import { Hint } from './hint';
import { usePwa } from './pwa';
import { useSnackbar } from './snackbar';
import { useProfileTheme } from './theme-profile';
import { ThemeSwitcher } from './theme-switcher';

const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));
// The dialog (form, uploads) downloads the first time someone opens it.
const IssueDialog = lazy(() => import('./issue-dialog').then((m) => ({ default: m.IssueDialog })));
// The outbox (and its IndexedDB library) comes after the first screen (issue 28): its count shows once it is read.
const OutboxStatus = lazy(() => import('./outbox-status').then((m) => ({ default: m.OutboxStatus })));
const outbox = () => Promise.all([import('../lib/outbox/outbox'), import('../lib/outbox/drain')]);
// Asked only when someone signs out with changes still on this phone.
const UnsentAtSignOutDialog = lazy(() => import('./unsent-at-sign-out').then((m) => ({ default: m.UnsentAtSignOutDialog })));

/**
 * Right-hand app-bar controls: theme switcher and the account menu (profile, issues, company, sign-out, app updates).
 * `notifications`: the bell, given by the layout (the shell imports no module).
 */
export function AppBarActions({ notifications }: { notifications?: ReactNode }) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation('shell');
  const { show } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const { installAvailable, install, updateAvailable, activateUpdate } = usePwa();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [issueOpen, setIssueOpen] = useState(false);
  const issueLoaded = useOpenedOnce(issueOpen);
  const menuLoaded = useOpenedOnce(Boolean(anchor));
  // The menu's code comes after the first screen, fetched when the page is idle so a tap finds it here.
  useEffect(() => whenIdle(() => loadAccountMenu().catch(() => undefined)), []);
  const menuId = useId();
  const buttonId = useId();
  const owner = useOutboxOwner();
  const shown = useAfterFirstScreen();
  // Sign-out with changes still on this phone: how many, while the warning is open.
  const [unsentAtSignOut, setUnsentAtSignOut] = useState(0);
  const unsentAsked = useOpenedOnce(unsentAtSignOut > 0);
  useProfileTheme();

  const closeThen = (action: () => unknown) => () => {
    setAnchor(null);
    void action();
  };

  const switchCompany = async () => {
    try {
      const claims = await identityCall('SelectTenant', { tenant_uuid: null });
      writeSelectedTenant(null);
      // Nothing of this company may linger for the next one; the identity claims stay.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CLAIMS_QUERY_KEY[0] });
      queryClient.setQueryData(CLAIMS_QUERY_KEY, claims);
      await navigate({ to: '/select-tenant' });
    } catch (error) {
      console.error('Switching companies failed', error);
      show({ message: t('menu.switchFailed'), color: 'error' });
    }
  };

  const signOutNow = async () => {
    setUnsentAtSignOut(0);
    const { ok } = await signOut();
    if (!ok) show({ message: t('menu.signOutFailed'), color: 'error' });
  };
  // Changes saved on this phone stay with their owner after a sign-out (nobody else sees or sends them); the
  // person is offered to send them first.
  const unsent = (who: string) =>
    outbox()
      .then(([{ unsentCount }]) => unsentCount(who))
      .catch(() => 0);
  const doSignOut = async () => {
    const waiting = owner ? await unsent(owner) : 0;
    if (waiting) setUnsentAtSignOut(waiting);
    else await signOutNow();
  };
  const sendThenSignOut = async () => {
    if (owner)
      await outbox()
        .then(([, { drain }]) => drain(owner))
        .catch(() => null);
    const left = owner ? await unsent(owner) : 0;
    if (!left) return signOutNow();
    setUnsentAtSignOut(0);
    show({ message: tShell('outbox.stillWaiting'), color: 'warning' });
  };

  return (
    <>
      {owner && shown && (
        <Suspense fallback={null}>
          <OutboxStatus owner={owner} />
        </Suspense>
      )}
      {notifications}
      <ThemeSwitcher />
      <Hint title={t('menu.account')}>
        <IconButton
          id={buttonId}
          color="inherit"
          aria-label={t('menu.account')}
          aria-controls={anchor ? menuId : undefined}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
          edge="end"
        >
          <Badge color="error" variant="dot" invisible={!updateAvailable}>
            <AccountCircleIcon />
          </Badge>
        </IconButton>
      </Hint>
      {menuLoaded && (
        <Suspense fallback={null}>
          <AccountMenu
            id={menuId}
            anchor={anchor}
            labelledBy={buttonId}
            onClose={() => setAnchor(null)}
            onProfile={closeThen(() => navigate({ to: '/user-profile' }))}
            onReportIssue={closeThen(() => setIssueOpen(true))}
            onSwitchCompany={closeThen(switchCompany)}
            onInstall={installAvailable ? closeThen(install) : undefined}
            onUpdate={updateAvailable ? closeThen(activateUpdate) : undefined}
            onSignOut={closeThen(doSignOut)}
          />
        </Suspense>
      )}
      {unsentAsked && (
        <Suspense fallback={null}>
          <UnsentAtSignOutDialog
            count={unsentAtSignOut}
            onClose={() => setUnsentAtSignOut(0)}
            onSignOut={() => void signOutNow()}
            onSend={() => void sendThenSignOut()}
          />
        </Suspense>
      )}
      {issueLoaded && (
        <Suspense fallback={null}>
          <IssueDialog open={issueOpen} onClose={() => setIssueOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
