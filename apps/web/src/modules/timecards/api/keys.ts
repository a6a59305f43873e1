import type { InvalidateQueryFilters } from '@tanstack/react-query';

const CARD_KINDS: readonly unknown[] = ['card', 'all', 'crew'];

/** Everything of one tenant's time cards starts with ['timecards', tenant]. */
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

/**
 * What a saved day, a signature or a reopening changes: the cards and the period collections, not the settings, the
 * bookable jobs, their codes or the people (issue 28: refetching those after every save re-rendered the whole page
 * on a slow phone for nothing).
 */
export const cardQueries = (tenant: string): InvalidateQueryFilters => ({
  predicate: ({ queryKey }) => queryKey[0] === 'timecards' && queryKey[1] === tenant && CARD_KINDS.includes(queryKey[2]),
});
