import { GET_DASHBOARD } from '@groundwork/core/early-reads';
import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../../lib/graphql';

// The dashboard's data, apart from its screens: the route starts these requests while the screen's code is still
// on its way (prefetch.ts), and the screen reads the same queries.

/** Every card's numbers in one request (server: apps/server/src/modules/dashboard); the page's first script asks it too. */
const getDashboardQuery = graphql(GET_DASHBOARD);

export type DashboardNumbers = ResultOf<typeof getDashboardQuery>['getDashboard'];

const dashboardKey = (tenant: string, today: string) => ['dashboard', tenant, 'cards', today] as const;

/** The cards' numbers for one company and day. */
export const dashboardQueryOptions = (tenant: string, today: string) =>
  queryOptions({
    queryKey: dashboardKey(tenant, today),
    queryFn: () => request(getDashboardQuery, { tenant_uuid: tenant, today }).then((r) => r.getDashboard),
  });
