/** Everything of one tenant's time cards starts with ['timecards', tenant]: one invalidation after a write. */
export const timecardKeys = {
  all: (tenant: string) => ['timecards', tenant] as const,
  settings: (tenant: string) => ['timecards', tenant, 'settings'] as const,
  card: (tenant: string, start: string, end: string, employee: number | null) =>
    ['timecards', tenant, 'card', start, end, employee] as const,
  collection: (tenant: string, start: string, end: string, kind: 'all' | 'crew') => ['timecards', tenant, kind, start, end] as const,
  jobs: (tenant: string) => ['timecards', tenant, 'jobs'] as const,
  costcodes: (tenant: string, jobIds: readonly number[]) => ['timecards', tenant, 'costcodes', jobIds.join(',')] as const,
  people: (tenant: string) => ['timecards', tenant, 'people'] as const,
};
