import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../../lib/graphql';

// The dashboard's data, apart from its screens: the route starts these requests while the screen's code is still
// on its way (prefetch.ts), and the screen reads the same queries.

/** Every card's numbers in one request (server: apps/server/src/modules/dashboard). */
export const getDashboardQuery = graphql(`
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
`);

export type DashboardNumbers = ResultOf<typeof getDashboardQuery>['getDashboard'];

export const dashboardKey = (tenant: string, today: string) => ['dashboard', tenant, 'cards', today] as const;

/** The cards' numbers for one company and day. */
export const dashboardQueryOptions = (tenant: string, today: string) =>
  queryOptions({
    queryKey: dashboardKey(tenant, today),
    queryFn: () => request(getDashboardQuery, { tenant_uuid: tenant, today }).then((r) => r.getDashboard),
  });
