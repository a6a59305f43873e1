import type { IdentityClaims } from '@groundwork/core/identity';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { type FetchQueryOptions, onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { CLAIMS_QUERY_KEY } from '../auth/session';
import { readSelectedTenantUuid } from '../lib/storage';
import { prefetchDashboard } from '../modules/dashboard/prefetch';
import { billingStatusQueryOptions } from './billing-status-query';
import { navigationQueryOptions } from './navigation-query';

/** Spec §2 access redirects: the `unauth` query values this app sets. */
const UNAUTH_PAGE = 'page';
const UNAUTH_SETTINGS = 'settings';

/** Pages every member may open whatever their navigation says (spec §2), with their sub-paths. */
// /reports/graph has no menu item (spec §2 lists none): it shows each member what the matrix lets them read, and the
// server refuses it to anyone who may not read jobs.
const ACCESS_EXEMPT_PATHS = ['/dashboard', '/user-profile', '/reports/graph'] as const;

/** Spec §2/§6: only admins may open these dashboard settings. */
const ADMIN_SETTINGS_COMPONENTS = ['company-setup', 'app-subscription'] as const;

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** `pathname` is `base` or one of its sub-paths (`/modules/people/x` is under `/modules/people`, `/modules/peoplex` is not). */
export function isUnderPath(pathname: string, base: string): boolean {
  const path = normalise(pathname);
  const root = normalise(base);
  return path === root || path.startsWith(`${root}/`);
}

/** Whether the navigation (the server's per-user items) lets the person open `pathname`. */
export function isPageAllowed(pathname: string, items: readonly { path: string }[]): boolean {
  if (ACCESS_EXEMPT_PATHS.some((exempt) => isUnderPath(pathname, exempt))) return true;
  return items.some((item) => isUnderPath(pathname, item.path));
}

/** The message key (shell namespace) for an `unauth` value: page, settings, anything else. */
export function unauthMessageKey(value: string): 'access.unauthPage' | 'access.unauthSettings' | 'access.unauthOther' {
  if (value === UNAUTH_PAGE) return 'access.unauthPage';
  if (value === UNAUTH_SETTINGS) return 'access.unauthSettings';
  return 'access.unauthOther';
}

/** Global admins hold admin_access (the server adds it for employees.is_admin). */
export function isCompanyAdmin(claims: Pick<IdentityClaims, 'cognito:groups'> | null | undefined): boolean {
  return Boolean(claims?.['cognito:groups'].includes(ADMIN_ACCESS));
}

interface AccessArgs {
  context: { queryClient: QueryClient };
  location: { pathname: string; search?: unknown };
}

/**
 * The answer an access check goes by: the server's whenever it can be asked. A copy put back from the phone at
 * start-up (lib/query-persist.ts marks those stale) is asked again first, and stands in only when the server
 * cannot be reached; an answer read in this page is used as the options say.
 */
async function checkedAnswer<T, K extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, K> & { revalidateIfStale?: boolean },
) {
  const state = client.getQueryState<T>(options.queryKey);
  if (!state?.isInvalidated || !onlineManager.isOnline()) return client.ensureQueryData(options);
  try {
    return await client.fetchQuery(options);
  } catch (error) {
    if (state.data !== undefined) return state.data;
    throw error;
  }
}

/**
 * Issue 28: with a company chosen on this phone and a signal, its menu and subscription status are asked beside the
 * session check instead of after it (on a weak signal, two round trips less before the first screen). The checks
 * below read the same queries; with no session, or another company chosen since, the server refuses these and the
 * session check decides where the person goes.
 */
export function startTenantReads({ context, location }: AccessArgs): void {
  const tenant = readSelectedTenantUuid();
  if (!tenant || !onlineManager.isOnline()) return;
  void context.queryClient.prefetchQuery(navigationQueryOptions(tenant));
  void context.queryClient.prefetchQuery(billingStatusQueryOptions(tenant));
  // The dashboard's numbers too (its route's loader asks again once the session is known: the same query).
  if (isUnderPath(location.pathname, '/dashboard')) {
    prefetchDashboard(context.queryClient);
  }
}

/**
 * Spec §2: a page outside the person's navigation goes to /dashboard?unauth=page, before it renders (so it never
 * flashes). Runs after the sign-in guard, with the tenant chosen. When the navigation cannot be read (offline, a
 * server error) the page opens: the server refuses its data anyway, and an installed app keeps working offline.
 */
export async function requireAllowedPage({ context, location }: AccessArgs): Promise<void> {
  if (ACCESS_EXEMPT_PATHS.some((exempt) => isUnderPath(location.pathname, exempt))) return;
  const tenant = readSelectedTenantUuid();
  if (!tenant) return;
  let items: readonly { path: string }[];
  try {
    items = await checkedAnswer(context.queryClient, navigationQueryOptions(tenant));
  } catch {
    return;
  }
  if (!isPageAllowed(location.pathname, items)) {
    throw redirect({ to: '/dashboard', search: { unauth: UNAUTH_PAGE } as never, replace: true });
  }
}

/**
 * Spec §2 "Settings and dialogs on the dashboard": a non-admin asking for company-setup or app-subscription has
 * `component` and `dialog` removed and gets the settings message. Returns the search to redirect to, or null.
 */
export function refusedSettingsSearch(
  search: Record<string, unknown>,
  claims: Pick<IdentityClaims, 'cognito:groups'> | null | undefined,
): Record<string, unknown> | null {
  const component = search.component;
  if (typeof component !== 'string' || !(ADMIN_SETTINGS_COMPONENTS as readonly string[]).includes(component)) return null;
  if (isCompanyAdmin(claims)) return null;
  const { component: _component, dialog: _dialog, ...rest } = search;
  return { ...rest, unauth: UNAUTH_SETTINGS };
}

/** Spec §2: the dashboard dialog telling non-admins that the company's subscription is cancelled. */
export const SUBSCRIPTION_CANCELLED_DIALOG = 'subscription-cancelled';

/**
 * Spec §2: an admin is not shown the subscription-cancelled dialog but sent to the subscription settings
 * (/dashboard?settings=true&component=app-subscription), the other keys kept. Returns that search, or null.
 */
export function subscriptionCancelledSearch(
  search: Record<string, unknown>,
  claims: Pick<IdentityClaims, 'cognito:groups'> | null | undefined,
): Record<string, unknown> | null {
  if (search.dialog !== SUBSCRIPTION_CANCELLED_DIALOG || !isCompanyAdmin(claims)) return null;
  const { dialog: _dialog, settings: _settings, component: _component, ...rest } = search;
  return { ...rest, settings: true, component: 'app-subscription' };
}

interface SettingsArgs {
  context: { queryClient: QueryClient };
  search: Record<string, unknown>;
}

/**
 * The dashboard's beforeLoad: refuses admin-only settings to non-admins, and sends admins asked to see the
 * subscription-cancelled dialog to the subscription settings, before anything renders.
 */
export function refuseAdminSettings({ context, search }: SettingsArgs): void {
  const claims = context.queryClient.getQueryData<IdentityClaims | null>(CLAIMS_QUERY_KEY);
  const next = refusedSettingsSearch(search, claims) ?? subscriptionCancelledSearch(search, claims);
  if (next) throw redirect({ to: '/dashboard', search: next as never, replace: true });
}

/**
 * Spec §2 with issue 23: while the company's subscription is cancelled (or unpaid), a non-admin is held on
 * /dashboard?dialog=subscription-cancelled and an admin on /dashboard?settings=true&component=app-subscription,
 * where they can renew. Returns where to go, or null when the page may open.
 */
export function blockedSubscriptionTarget(
  pathname: string,
  search: Record<string, unknown>,
  claims: Pick<IdentityClaims, 'cognito:groups'> | null | undefined,
): Record<string, unknown> | null {
  const onDashboard = isUnderPath(pathname, '/dashboard');
  if (isCompanyAdmin(claims)) {
    const onSettings = onDashboard && (search.settings === true || search.settings === 'true') && search.component === 'app-subscription';
    return onSettings ? null : { settings: true, component: 'app-subscription' };
  }
  return onDashboard && search.dialog === SUBSCRIPTION_CANCELLED_DIALOG ? null : { dialog: SUBSCRIPTION_CANCELLED_DIALOG };
}

/**
 * The appview's check of the company's subscription, beside the page check. Never blocks when billing is not
 * configured (the server says blocked only with Stripe keys), and opens the page when the status cannot be read
 * (offline, a server error): the server stays the judge of its data.
 */
export async function requireActiveSubscription({ context, location }: AccessArgs): Promise<void> {
  const tenant = readSelectedTenantUuid();
  if (!tenant) return;
  let blocked: boolean;
  // With no signal the status cannot be read (a read would wait for the signal): the status the phone holds
  // decides, and without one the page opens.
  if (!onlineManager.isOnline()) {
    if (!context.queryClient.getQueryData<{ blocked: boolean }>(billingStatusQueryOptions(tenant).queryKey)?.blocked) return;
  }
  try {
    // A status older than its staleTime still answers at once, and is read again behind it for the next page.
    blocked = (await checkedAnswer(context.queryClient, { ...billingStatusQueryOptions(tenant), revalidateIfStale: true })).blocked;
  } catch {
    return;
  }
  if (!blocked) return;
  const claims = context.queryClient.getQueryData<IdentityClaims | null>(CLAIMS_QUERY_KEY);
  const search = (location.search ?? {}) as Record<string, unknown>;
  const target = blockedSubscriptionTarget(location.pathname, search, claims);
  if (target) throw redirect({ to: '/dashboard', search: target as never, replace: true });
}
