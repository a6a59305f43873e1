import type { IdentityClaims } from '@groundwork/core/identity';
import { can } from '@groundwork/core/permissions';
import type { QueryClient } from '@tanstack/react-query';
import { CLAIMS_QUERY_KEY } from '../../auth/session';
import { localToday } from '../../lib/dates';
import { readSelectedTenantUuid } from '../../lib/storage';
import { currentAnnouncementsOptions } from '../announcements/api';
import { dashboardQueryOptions } from './queries';

/**
 * Starts the dashboard's two requests (its numbers and the pinned announcement) as soon as the route is chosen,
 * beside the download of the screen's code instead of after it (issue 28). The screen reads the same queries.
 */
export function prefetchDashboard(client: QueryClient): void {
  const tenant = readSelectedTenantUuid();
  if (!tenant) return;
  void client.prefetchQuery(dashboardQueryOptions(tenant, localToday()));
  const groups = client.getQueryData<IdentityClaims>(CLAIMS_QUERY_KEY)?.['cognito:groups'] ?? [];
  if (can(groups, 'announcements', 'read')) void client.prefetchQuery(currentAnnouncementsOptions(tenant));
}
