import { skipToken, useQuery } from '@tanstack/react-query';

/** The key under which the identity work caches GetUser's claims. */
const CLAIMS_KEY = ['identity', 'claims'] as const;

/** Spec §6: admin permissions create, edit and delete; admin_access is full access. */
export const PROJECT_EDIT_GROUPS = ['projects_admin', 'admin_access'] as const;

export function groupsFromClaims(claims: unknown): string[] {
  if (!claims || typeof claims !== 'object') return [];
  const groups = (claims as Record<string, unknown>)['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
}

export function canEditProjects(groups: readonly string[]): boolean {
  return groups.some((g) => (PROJECT_EDIT_GROUPS as readonly string[]).includes(g));
}

/**
 * Whether the signed-in person may change jobs. Reads the cached claims without fetching them (whoever owns the
 * session loads them); without claims the person is treated as read-only. The server refuses writes regardless.
 */
export function useCanEdit(): boolean {
  const { data } = useQuery<unknown>({ queryKey: CLAIMS_KEY, queryFn: skipToken, staleTime: Number.POSITIVE_INFINITY });
  return canEditProjects(groupsFromClaims(data));
}
