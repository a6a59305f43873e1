import type { PayPeriod } from '@groundwork/core/pay-periods';
import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../../../lib/graphql';
import { timecardKeys } from './keys';

const CardFields = graphql(`
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
`);

const EntryFields = graphql(`
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
`);

export const timecardSettingsQuery = graphql(`
  query TimecardSettings($tenant_uuid: ID!) {
    getTimecardInfo(tenant_uuid: $tenant_uuid) {
      employee_id
      settings { pay_period_type pay_period_anchor minute_increment today }
    }
  }
`);

export const timecardInfoQuery = graphql(
  `
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
`,
  [CardFields, EntryFields],
);

export const timecardJobsQuery = graphql(`
  query TimecardJobs($tenant_uuid: ID!) {
    listTimecardJobs(tenant_uuid: $tenant_uuid) { id job job_abbr status }
  }
`);

export const filteredCostcodesQuery = graphql(`
  query TimecardCostcodes($tenant_uuid: ID!, $jobs_id: [Int!]!) {
    listFilteredCostcodes(tenant_uuid: $tenant_uuid, usage: "ontimecard", jobs_id: $jobs_id) {
      budget_costcodes { jobs_id costcodes_id costcode description }
    }
  }
`);

export const timecardPeopleQuery = graphql(`
  query TimecardPeople($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listEmployees(tenant_uuid: $tenant_uuid, filter: { eq: { status: 1 } }, limit: $limit, nextToken: $nextToken) {
      items { id firstname lastname username }
      nextToken
    }
  }
`);

type RawInfo = ResultOf<typeof timecardInfoQuery>['getTimecardInfo'];
export type TimecardCard = ResultOf<typeof CardFields>;
export type TimecardEntry = ResultOf<typeof EntryFields>;
export type TimecardPerson = RawInfo['people'][number];
export type TimecardJob = RawInfo['jobs'][number];
export type TimecardCostcode = RawInfo['costcodes'][number];
export type BudgetCostcode = ResultOf<typeof filteredCostcodesQuery>['listFilteredCostcodes']['budget_costcodes'][number];
export type TimecardSettings = ResultOf<typeof timecardSettingsQuery>['getTimecardInfo']['settings'];

/** The info with fragments unmasked: cards and entries as plain objects. */
export type TimecardInfo = Omit<
  RawInfo,
  'users_timecard' | 'users_timecard_entries' | 'timecard_collection' | 'timecard_entries_collection'
> & {
  users_timecard: TimecardCard[];
  users_timecard_entries: TimecardEntry[];
  timecard_collection: TimecardCard[];
  timecard_entries_collection: TimecardEntry[];
};

function unmask(raw: RawInfo): TimecardInfo {
  // The fragments are defined in this file, so the masked shapes are exactly the fragment shapes.
  return raw as unknown as TimecardInfo;
}

/** Pay-period settings and who the caller is; they change rarely. */
export function timecardSettingsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: timecardKeys.settings(tenant),
    queryFn: async () => (await request(timecardSettingsQuery, { tenant_uuid: tenant })).getTimecardInfo,
    staleTime: 5 * 60_000,
  });
}

/** One person's card over a pay period (the caller's when employee is null). */
export function timecardQueryOptions(tenant: string, period: PayPeriod, employee: number | null) {
  return queryOptions({
    queryKey: timecardKeys.card(tenant, period.start, period.end, employee),
    queryFn: async () =>
      unmask(
        (
          await request(timecardInfoQuery, {
            tenant_uuid: tenant,
            employee_id: employee,
            start_date: period.start,
            end_date: period.end,
          })
        ).getTimecardInfo,
      ),
  });
}

/** Every card of a pay period (admins) or the caller's crews' cards (foremen). */
export function timecardCollectionQueryOptions(tenant: string, period: PayPeriod, kind: 'all' | 'crew') {
  return queryOptions({
    queryKey: timecardKeys.collection(tenant, period.start, period.end, kind),
    queryFn: async () =>
      unmask(
        (
          await request(timecardInfoQuery, {
            tenant_uuid: tenant,
            start_date: period.start,
            end_date: period.end,
            fetch_all_timecards: kind === 'all',
            fetch_crew_timecards: kind === 'crew',
          })
        ).getTimecardInfo,
      ),
  });
}

export function timecardJobsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: timecardKeys.jobs(tenant),
    queryFn: async () => (await request(timecardJobsQuery, { tenant_uuid: tenant })).listTimecardJobs,
    staleTime: 60_000,
  });
}

export function budgetCostcodesQueryOptions(tenant: string, jobIds: readonly number[]) {
  return queryOptions({
    queryKey: timecardKeys.costcodes(tenant, jobIds),
    queryFn: async () =>
      jobIds.length === 0
        ? []
        : (await request(filteredCostcodesQuery, { tenant_uuid: tenant, jobs_id: [...jobIds] })).listFilteredCostcodes.budget_costcodes,
    staleTime: 60_000,
  });
}

/** Active people, for an admin's picker. */
export function timecardPeopleQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: timecardKeys.people(tenant),
    queryFn: async () => {
      const all: TimecardPerson[] = [];
      let nextToken: string | null = null;
      for (let page = 0; page < 100; page += 1) {
        const data: ResultOf<typeof timecardPeopleQuery> = await request(timecardPeopleQuery, {
          tenant_uuid: tenant,
          limit: 1000,
          nextToken,
        });
        all.push(...data.listEmployees.items);
        if (!data.listEmployees.nextToken || data.listEmployees.nextToken === nextToken) break;
        nextToken = data.listEmployees.nextToken;
      }
      return all;
    },
    staleTime: 60_000,
  });
}
