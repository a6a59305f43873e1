/** TanStack Query keys of company setup; each starts with the area and the tenant, so one company never sees another's cache. */
export const companyKeys = {
  departments: (tenant: string) => ['departments', tenant, 'list', 'all'] as const,
  divisions: (tenant: string) => ['divisions', tenant, 'list', 'all'] as const,
  subscription: (tenant: string) => ['subscription', tenant] as const,
  people: (tenant: string) => ['employees', tenant, 'list', 'company-setup'] as const,
  customLinks: (tenant: string, employeeId: number) => ['custom-links', tenant, 'person', employeeId] as const,
  myLinks: (tenant: string) => ['custom-links', tenant, 'mine'] as const,
};
