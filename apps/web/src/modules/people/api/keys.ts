/**
 * TanStack Query keys of the people area. Everything about one tenant's people starts with ['employees', tenant]
 * (the jobs screens' people pickers share that prefix), so one invalidation refreshes every list that shows a person.
 */
export const peopleKeys = {
  all: (tenant: string) => ['employees', tenant] as const,
  page: (tenant: string, status: number, pageSize: number, token: string | null) =>
    ['employees', tenant, 'page', status, pageSize, token] as const,
  everyone: (tenant: string, status: number) => ['employees', tenant, 'all', status] as const,
  detail: (tenant: string, id: number) => ['employees', tenant, 'detail', id] as const,
  groups: (tenant: string) => ['usergroups', tenant] as const,
  permissions: (tenant: string) => ['permissions', tenant] as const,
};
