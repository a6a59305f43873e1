import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT } from './identity';

// Issue 28: a signed-in page's first reads. The page's first script asks them while the app's code is on its way
// (apps/web/src/lib/early-reads.ts), and on a first visit the server answers them inside the page itself
// (apps/server/src/platform/early-reads.ts): the same reads under the same keys, so the app's own requests take
// their answers instead of asking again. This file holds constants and plain functions only: it is part of the page's
// first script, which every page downloads.

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

/** The key of one read: the identity action, or the GraphQL operation with its variables (in a stable order). */
export function earlyReadKey(name: string, variables?: Record<string, unknown>): string {
  const sorted = Object.keys(variables ?? {})
    .sort()
    .map((key) => [key, variables?.[key]]);
  return `${name} ${JSON.stringify(sorted)}`;
}

/** One early read: the identity action, or a GraphQL operation with its variables; `key` names its answer. */
export type EarlyRead =
  | { key: string; kind: 'identity'; url: string; headers: Record<string, string>; body: Record<string, never> }
  | {
      key: string;
      kind: 'graphql';
      url: '/graphql';
      headers: Record<string, string>;
      body: { query: string; variables: Record<string, unknown> };
    };

export function graphqlRead(query: string, operationName: string, variables: Record<string, unknown>): EarlyRead {
  return {
    key: earlyReadKey(operationName, variables),
    kind: 'graphql',
    url: '/graphql',
    headers: { accept: 'application/graphql-response+json, application/json' },
    body: { query, variables },
  };
}

/** The signed-in person's session check: the same for every company. */
export const GET_USER_READ: EarlyRead = {
  key: earlyReadKey('GetUser'),
  kind: 'identity',
  url: IDENTITY_ENDPOINT,
  headers: { [IDENTITY_ACTION_HEADER]: 'GetUser' },
  body: {},
};

/**
 * The first reads of the signed-in page at `pathname` in the company `tenant`, beyond the session check: the menu,
 * the subscription status and the page's own (the dashboard's numbers for `today`, the phone's date, when known;
 * the time card's settings and jobs, its card following once the settings are in: early-timecard-read.ts).
 */
export function pageReads(pathname: string, tenant: string, today: string | null): EarlyRead[] {
  const reads = [
    graphqlRead(LIST_USERS_NAVIGATION, 'ListUsersNavigation', { tenant_uuid: tenant }),
    graphqlRead(BILLING_STATUS, 'BillingStatus', { tenant_uuid: tenant }),
  ];
  if (today && (pathname === '/dashboard' || pathname.startsWith('/dashboard/'))) {
    reads.push(graphqlRead(GET_DASHBOARD, 'GetDashboard', { tenant_uuid: tenant, today }));
  }
  if (pathname === '/modules/timecards') {
    reads.push(graphqlRead(TIMECARD_SETTINGS, 'TimecardSettings', { tenant_uuid: tenant }));
    reads.push(graphqlRead(TIMECARD_JOBS, 'TimecardJobs', { tenant_uuid: tenant }));
  }
  return reads;
}

/** The key of the time card's settings read, whose answer the card's read follows (early-timecard-read.ts). */
export const timecardSettingsKeyOf = (tenant: string) => earlyReadKey('TimecardSettings', { tenant_uuid: tenant });

/**
 * The cookie the page's first script keeps the phone's time zone in: the server reads "today" with it as the phone
 * does (the dashboard's numbers are for the phone's date), to answer the dashboard's read inside the page.
 */
export const TIME_ZONE_COOKIE = 'gw_tz';

/** Today as 'YYYY-MM-DD' in the IANA time zone `zone` (null for a zone that is not one). */
export function todayIn(zone: string, now = new Date()): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
      now,
    );
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return null;
  }
}

/** The answers a page carries (the server's, inlined on a first visit): the company they were read in, each by key. */
export interface InlineReads {
  tenant: string;
  answers: Record<string, { status: number; body: unknown }>;
}

/** The id of the page's element that carries them (a JSON script, never run). */
export const INLINE_READS_ID = 'gw-first-reads';
