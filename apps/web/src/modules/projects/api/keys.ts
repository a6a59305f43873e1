/**
 * TanStack Query keys of the jobs area. Everything about one tenant's jobs starts with ['jobs', tenant], so a
 * single invalidation refreshes the list, the open job, its team and its budget.
 */
export const jobKeys = {
  all: (tenant: string) => ['jobs', tenant] as const,
  list: (tenant: string) => ['jobs', tenant, 'list'] as const,
  detail: (tenant: string, id: number) => ['jobs', tenant, 'detail', id] as const,
  team: (tenant: string, id: number) => ['jobs', tenant, 'team-links', id] as const,
  budget: (tenant: string, id: number) => ['jobs', tenant, 'budget', id] as const,
  costcodes: (tenant: string) => ['costcodes', tenant, 'list', 'all'] as const,
  employees: (tenant: string) => ['employees', tenant, 'list', 'active'] as const,
};
