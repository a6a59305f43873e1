import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import { readSelectedTenantUuid } from './selected-tenant';
import { localToday } from './today';

// Issue 28: a signed-in page's first reads, asked by the page's first script (main.tsx) while the app's code is still
// on its way. Without them the session check, the menu, the subscription status and the dashboard's numbers are
// asked only once that code has run: on a weak signal a round trip and the server's time after the download, on a
// slow phone after the code has been parsed as well. The app's own requests take these answers (once each) instead
// of asking again; nothing here decides anything: the guard, the access checks and the screens read them as they
// read their own. This file imports only constants: it is part of the first script, which every page downloads.

/** The texts of the early reads. The app's documents are built from the same texts (each query lives once). */
export const LIST_USERS_NAVIGATION = /* GraphQL */ `
  query ListUsersNavigation($tenant_uuid: ID!) {
    listUsersNavigation(tenant_uuid: $tenant_uuid) { id title path type icon modules_id }
  }
`;

export const BILLING_STATUS = /* GraphQL */ `
  query BillingStatus($tenant_uuid: ID!) {
    billingStatus(tenant_uuid: $tenant_uuid) { configured status blocked }
  }
`;

export const GET_DASHBOARD = /* GraphQL */ `
  query GetDashboard($tenant_uuid: ID!, $today: String!) {
    getDashboard(tenant_uuid: $tenant_uuid, today: $today) {
      today
      hours { start end regular overtime total }
      unsigned_timecards { count all period_start period_end }
      jobs_over_budget { count }
      crew_tomorrow { date scheduled unscheduled }
      tasks_due { due overdue }
      tools_overdue { count all }
      receipts_to_review { count }
    }
  }
`;

/** An answer older than this is not used: the app asks again (it was asked while the page opened, not later). */
const KEPT_FOR_MS = 20_000;

const answers = new Map<string, Promise<Response>>();
let askedAt = 0;

/** The key of one read: the identity action, or the GraphQL operation with its variables (in a stable order). */
export function earlyReadKey(name: string, variables?: Record<string, unknown>): string {
  const sorted = Object.keys(variables ?? {})
    .sort()
    .map((key) => [key, variables?.[key]]);
  return `${name} ${JSON.stringify(sorted)}`;
}

function ask(key: string, url: string, headers: Record<string, string>, body: unknown): void {
  const answer = fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  // A failed read is asked again by the app itself; it must not surface as an unhandled rejection here.
  answer.catch(() => undefined);
  answers.set(key, answer);
}

function askGraphQL(query: string, operationName: string, variables: Record<string, unknown>): void {
  ask(
    earlyReadKey(operationName, variables),
    '/graphql',
    { accept: 'application/graphql-response+json, application/json' },
    { query, variables },
  );
}

/**
 * Asks the first reads of the signed-in page at `pathname`, where a company is chosen and there is a signal (with
 * none, the app opens on the copy kept on the phone).
 */
export function startEarlyReads(pathname: string): void {
  const tenant = readSelectedTenantUuid();
  if (!tenant || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  askedAt = Date.now();
  ask(earlyReadKey('GetUser'), IDENTITY_ENDPOINT, { [IDENTITY_ACTION_HEADER]: 'GetUser' }, {});
  askGraphQL(LIST_USERS_NAVIGATION, 'ListUsersNavigation', { tenant_uuid: tenant });
  askGraphQL(BILLING_STATUS, 'BillingStatus', { tenant_uuid: tenant });
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) {
    askGraphQL(GET_DASHBOARD, 'GetDashboard', { tenant_uuid: tenant, today: localToday() });
  }
}

/**
 * The early answer to a read (each is taken once), or null: none was asked, it was taken already, or it is too old.
 * A read that failed on the way resolves to null too, so the caller asks itself.
 */
export function takeEarlyRead(key: string): Promise<Response | null> | null {
  if (answers.size === 0) return null;
  if (Date.now() - askedAt > KEPT_FOR_MS) {
    answers.clear();
    return null;
  }
  const answer = answers.get(key);
  if (!answer) return null;
  answers.delete(key);
  return answer.catch(() => null);
}
