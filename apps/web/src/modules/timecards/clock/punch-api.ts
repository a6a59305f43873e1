import { type InvalidateQueryFilters, queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request, type VariablesOf } from '../../../lib/graphql';

/**
 * The punch clock's reads and writes (issue 47). Keys live under ['timecards', tenant]: the person's own state under
 * 'punch-state' (kept on the phone with the card: lib/query-persist.ts), the office's lists under 'punches'.
 */
export const punchKeys = {
  state: (tenant: string, employee: number | null) => ['timecards', tenant, 'punch-state', employee] as const,
  onTheClock: (tenant: string) => ['timecards', tenant, 'punches', 'on-the-clock'] as const,
  list: (tenant: string, filter: PunchListFilter) => ['timecards', tenant, 'punches', 'list', filter] as const,
  settings: (tenant: string) => ['timecards', tenant, 'punches', 'settings'] as const,
};

/** What a punch changes: the punch state and lists, and the cards (closed punches are the card's entries). */
export const punchQueries = (tenant: string): InvalidateQueryFilters => ({
  predicate: ({ queryKey }) =>
    queryKey[0] === 'timecards' &&
    queryKey[1] === tenant &&
    (queryKey[2] === 'punch-state' ||
      (queryKey[2] === 'punches' && queryKey[3] !== 'settings') ||
      ['card', 'all', 'crew'].includes(String(queryKey[2]))),
});

const SegmentFields = graphql(`
  fragment PunchSegmentFields on PunchSegment {
    id employees_id jobs_id costcodes_id kind started_at ended_at
    start_location_status start_latitude start_longitude start_accuracy_m start_distance_m start_outside_fence
    end_location_status end_latitude end_longitude end_accuracy_m end_distance_m end_outside_fence
    punched_by crew_punch missed_clock_out original_started_at original_ended_at corrected_by corrected_on card_locked
  }
`);

const punchStateQuery = graphql(
  `
  query PunchState($tenant_uuid: ID!, $employees_id: Int) {
    getPunchState(tenant_uuid: $tenant_uuid, employees_id: $employees_id) {
      employees_id
      open { ...PunchSegmentFields }
      today { ...PunchSegmentFields }
      worked_minutes_today
      suggested_jobs_id
      suggested_costcodes_id
      ask_location
    }
  }
`,
  [SegmentFields],
);

export const punchClockMutation = graphql(
  `
  mutation PunchClock(
    $tenant_uuid: ID!
    $action: PunchAction!
    $employees_ids: [Int!]
    $jobs_id: Int
    $costcodes_id: Int
    $location: PunchLocationInput
    $location_status: PunchLocationStatus!
    $device_time: String
  ) {
    punchClock(
      tenant_uuid: $tenant_uuid
      action: $action
      employees_ids: $employees_ids
      jobs_id: $jobs_id
      costcodes_id: $costcodes_id
      location: $location
      location_status: $location_status
      device_time: $device_time
    ) {
      results { employees_id outcome segment { ...PunchSegmentFields } }
    }
  }
`,
  [SegmentFields],
);

const correctPunchMutation = graphql(
  `
  mutation CorrectPunch($tenant_uuid: ID!, $id: Int!, $started_at: String!, $ended_at: String) {
    correctPunch(tenant_uuid: $tenant_uuid, id: $id, started_at: $started_at, ended_at: $ended_at) { ...PunchSegmentFields }
  }
`,
  [SegmentFields],
);

const listPunchesQuery = graphql(
  `
  query ListPunches(
    $tenant_uuid: ID!
    $employees_id: Int
    $jobs_id: Int
    $date_from: String!
    $date_to: String!
    $outside_fence: Boolean
    $missed_clock_out: Boolean
    $limit: Int
    $nextToken: String
  ) {
    listPunches(
      tenant_uuid: $tenant_uuid
      employees_id: $employees_id
      jobs_id: $jobs_id
      date_from: $date_from
      date_to: $date_to
      outside_fence: $outside_fence
      missed_clock_out: $missed_clock_out
      limit: $limit
      nextToken: $nextToken
    ) {
      items { ...PunchSegmentFields }
      nextToken
    }
  }
`,
  [SegmentFields],
);

const onTheClockQuery = graphql(`
  query OnTheClock($tenant_uuid: ID!) {
    listOnTheClock(tenant_uuid: $tenant_uuid) {
      employees_id name jobs_id job_name costcodes_id costcode kind since outside_fence distance_m location_status
    }
  }
`);

const punchSettingsQuery = graphql(`
  query PunchSettings($tenant_uuid: ID!) {
    getPunchSettings(tenant_uuid: $tenant_uuid) { ask_location default_radius_m location_retention_days time_zone }
  }
`);

const updatePunchSettingsMutation = graphql(`
  mutation UpdatePunchSettings(
    $tenant_uuid: ID!
    $ask_location: Boolean
    $default_radius_m: Int
    $location_retention_days: Int
    $time_zone: String
  ) {
    updatePunchSettings(
      tenant_uuid: $tenant_uuid
      ask_location: $ask_location
      default_radius_m: $default_radius_m
      location_retention_days: $location_retention_days
      time_zone: $time_zone
    ) { ask_location default_radius_m location_retention_days time_zone }
  }
`);

// The fragment is defined here, so the masked shapes are exactly the fragment's: read as plain objects.
export type PunchSegment = ResultOf<typeof SegmentFields>;
type RawState = ResultOf<typeof punchStateQuery>['getPunchState'];
export type PunchState = Omit<RawState, 'open' | 'today'> & { open: PunchSegment | null; today: PunchSegment[] };
export type PunchAction = VariablesOf<typeof punchClockMutation>['action'];
export type PunchLocationStatus = VariablesOf<typeof punchClockMutation>['location_status'];
export type PunchLocation = NonNullable<VariablesOf<typeof punchClockMutation>['location']>;
export type PunchOutcome = { employees_id: number; outcome: string; segment: PunchSegment | null };
export type PunchClockResult = { results: PunchOutcome[] };
export type OnTheClockRow = ResultOf<typeof onTheClockQuery>['listOnTheClock'][number];
export type PunchSettings = ResultOf<typeof punchSettingsQuery>['getPunchSettings'];
export type PunchListFilter = {
  employees_id?: number;
  jobs_id?: number;
  date_from: string;
  date_to: string;
  outside_fence?: boolean;
  missed_clock_out?: boolean;
};

const plain = <T>(value: unknown) => value as T;

/** The punch clock's answer, with its segments as plain objects. */
export const readPunchResult = (data: unknown): PunchClockResult =>
  plain<PunchClockResult>((data as { punchClock: unknown } | null)?.punchClock ?? { results: [] });

export function punchStateQueryOptions(tenant: string, employee: number | null = null) {
  return queryOptions({
    queryKey: punchKeys.state(tenant, employee),
    queryFn: async () => plain<PunchState>((await request(punchStateQuery, { tenant_uuid: tenant, employees_id: employee })).getPunchState),
  });
}

export function onTheClockQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: punchKeys.onTheClock(tenant),
    queryFn: async () => (await request(onTheClockQuery, { tenant_uuid: tenant })).listOnTheClock,
    // The office watches the board: it refreshes on its own while open.
    refetchInterval: 60_000,
  });
}

export function punchListQueryOptions(tenant: string, filter: PunchListFilter) {
  return queryOptions({
    queryKey: punchKeys.list(tenant, filter),
    queryFn: async () => {
      const all: PunchSegment[] = [];
      let nextToken: string | null = null;
      for (let page = 0; page < 20; page += 1) {
        const data: ResultOf<typeof listPunchesQuery> = await request(listPunchesQuery, {
          tenant_uuid: tenant,
          ...filter,
          // The server's largest page.
          limit: 200,
          nextToken,
        });
        all.push(...plain<PunchSegment[]>(data.listPunches.items));
        if (!data.listPunches.nextToken || data.listPunches.nextToken === nextToken) break;
        nextToken = data.listPunches.nextToken;
      }
      return all;
    },
  });
}

export function punchSettingsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: punchKeys.settings(tenant),
    queryFn: async () => (await request(punchSettingsQuery, { tenant_uuid: tenant })).getPunchSettings,
    staleTime: 60_000,
  });
}

export const correctPunch = async (tenant: string, id: number, started_at: string, ended_at: string | null) =>
  plain<PunchSegment>((await request(correctPunchMutation, { tenant_uuid: tenant, id, started_at, ended_at })).correctPunch);

export const updatePunchSettings = async (tenant: string, settings: PunchSettings) =>
  (await request(updatePunchSettingsMutation, { tenant_uuid: tenant, ...settings })).updatePunchSettings;
