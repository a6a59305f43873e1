import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from '@groundwork/core/identity';
import type { PayPeriodType } from '@groundwork/core/pay-periods';
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

/** The time card's reads (/modules/timecards): its settings and jobs at once, the pay period's card once the settings
 * say which period that is. The card's fields are fragments the app's documents share. */
export const TIMECARD_CARD_FIELDS = /* GraphQL */ `
  fragment TimecardCardFields on UsersTimecard {
    id
    employees_id
    payperiod_start_date
    payperiod_end_date
    signed_on
    signed_by
    signature_image
    usernote
  }
`;

export const TIMECARD_ENTRY_FIELDS = /* GraphQL */ `
  fragment TimecardEntryFields on TimecardEntry {
    id
    employees_id
    users_timecard_id
    timecard_date
    jobs_id
    costcodes_id
    hours
    equipment
    note
  }
`;

export const TIMECARD_SETTINGS = /* GraphQL */ `
  query TimecardSettings($tenant_uuid: ID!) {
    getTimecardInfo(tenant_uuid: $tenant_uuid) {
      employee_id
      settings { pay_period_type pay_period_anchor minute_increment today }
    }
  }
`;

export const TIMECARD_INFO = /* GraphQL */ `
  query TimecardInfo(
    $tenant_uuid: ID!
    $employee_id: Int
    $start_date: String
    $end_date: String
    $fetch_all_timecards: Boolean
    $fetch_crew_timecards: Boolean
  ) {
    getTimecardInfo(
      tenant_uuid: $tenant_uuid
      employee_id: $employee_id
      start_date: $start_date
      end_date: $end_date
      fetch_all_timecards: $fetch_all_timecards
      fetch_crew_timecards: $fetch_crew_timecards
    ) {
      employee_id
      foreman_jobs_id
      people { id firstname lastname username }
      jobs { id job job_abbr status }
      costcodes { id costcode description }
      users_timecard { ...TimecardCardFields }
      users_timecard_entries { ...TimecardEntryFields }
      timecard_collection { ...TimecardCardFields }
      timecard_entries_collection { ...TimecardEntryFields }
      scheduled_jobs { date jobs_id }
    }
  }
`;

export const TIMECARD_JOBS = /* GraphQL */ `
  query TimecardJobs($tenant_uuid: ID!) {
    listTimecardJobs(tenant_uuid: $tenant_uuid) { id job job_abbr status }
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

type SettingsAnswer = {
  data?: { getTimecardInfo?: { settings?: { pay_period_type: number; pay_period_anchor: string; today: string } } };
};

/**
 * The time card's first reads. The caller's own card (not another person's, which an admin opens with `employee`)
 * for the period of `period` (a date in it) or of the company's today; its pay-period code comes in its own small
 * chunk beside the settings, which tell the period's type and anchor.
 */
function askTimecardReads(tenant: string, search: URLSearchParams): void {
  askGraphQL(TIMECARD_SETTINGS, 'TimecardSettings', { tenant_uuid: tenant });
  askGraphQL(TIMECARD_JOBS, 'TimecardJobs', { tenant_uuid: tenant });
  const settings = answers.get(earlyReadKey('TimecardSettings', { tenant_uuid: tenant }));
  if (search.has('employee') || !settings) return;
  const requested = search.get('period')?.replaceAll('"', '');
  void Promise.all([settings.then((r) => r.clone().json() as Promise<SettingsAnswer>), import('@groundwork/core/pay-periods')])
    .then(([answer, { payPeriodFor }]) => {
      const found = answer.data?.getTimecardInfo?.settings;
      if (!found) return;
      const periodOf = (date: string) => payPeriodFor(date, found.pay_period_type as PayPeriodType, found.pay_period_anchor);
      let period: { start: string; end: string };
      try {
        period = periodOf(requested ?? found.today);
      } catch {
        period = periodOf(found.today);
      }
      askGraphQL(TIMECARD_INFO + TIMECARD_CARD_FIELDS + TIMECARD_ENTRY_FIELDS, 'TimecardInfo', {
        tenant_uuid: tenant,
        employee_id: null,
        start_date: period.start,
        end_date: period.end,
      });
    })
    .catch(() => undefined);
}

/**
 * Asks the first reads of the signed-in page at `pathname`, where a company is chosen and there is a signal (with
 * none, the app opens on the copy kept on the phone).
 */
export function startEarlyReads(pathname: string, search = ''): void {
  const tenant = readSelectedTenantUuid();
  if (!tenant || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  askedAt = Date.now();
  ask(earlyReadKey('GetUser'), IDENTITY_ENDPOINT, { [IDENTITY_ACTION_HEADER]: 'GetUser' }, {});
  askGraphQL(LIST_USERS_NAVIGATION, 'ListUsersNavigation', { tenant_uuid: tenant });
  askGraphQL(BILLING_STATUS, 'BillingStatus', { tenant_uuid: tenant });
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) {
    askGraphQL(GET_DASHBOARD, 'GetDashboard', { tenant_uuid: tenant, today: localToday() });
  }
  if (pathname === '/modules/timecards') askTimecardReads(tenant, new URLSearchParams(search));
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
