import { TIMECARD_CARD_FIELDS, TIMECARD_ENTRY_FIELDS, TIMECARD_INFO, TIMECARD_JOBS, TIMECARD_SETTINGS } from '@groundwork/core/early-reads';
import type { PayPeriod } from '@groundwork/core/pay-periods';
import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../../../lib/graphql';
import { timecardKeys } from './keys';

// The texts live in lib/early-reads.ts: the page's first script asks them on /modules/timecards (issue 28).
const CardFields = graphql(TIMECARD_CARD_FIELDS);
const EntryFields = graphql(TIMECARD_ENTRY_FIELDS);
const timecardSettingsQuery = graphql(TIMECARD_SETTINGS);
const timecardInfoQuery = graphql(TIMECARD_INFO, [CardFields, EntryFields]);
const timecardJobsQuery = graphql(TIMECARD_JOBS);

const filteredCostcodesQuery = graphql(`
  query TimecardCostcodes($tenant_uuid: ID!, $jobs_id: [Int!]!) {
    listFilteredCostcodes(tenant_uuid: $tenant_uuid, usage: "ontimecard", jobs_id: $jobs_id) {
      budget_costcodes { jobs_id costcodes_id costcode description }
    }
  }
`);

const timecardPeopleQuery = graphql(`
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
