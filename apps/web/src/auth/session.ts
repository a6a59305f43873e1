import type { IdentityClaims } from '@groundwork/core/identity';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { IdentityError, identityCall, isNetworkError, reportSessionExpired } from '../lib/identity-client';
import { clearPersistedQueries } from '../lib/query-persist-boot';
import { clearBrowserStorage, readSelectedTenant, writeSelectedTenant } from './auth-storage';

export const CLAIMS_QUERY_KEY = ['identity', 'claims'] as const;

/** GetUser: the signed-in person's claims, or null when there is no session (401). */
export function claimsQueryOptions(queryClient?: QueryClient) {
  return queryOptions({
    queryKey: CLAIMS_QUERY_KEY,
    queryFn: async (): Promise<IdentityClaims | null> => {
      try {
        return await identityCall('GetUser', {});
      } catch (error) {
        if (error instanceof IdentityError && error.status === 401) {
          // Signed in a moment ago and now refused: the session ended under the person (spec §8).
          if (queryClient?.getQueryData(CLAIMS_QUERY_KEY)) reportSessionExpired();
          return null;
        }
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    // With no signal the check fails at once (the guard then opens the app on the session kept on the phone).
    networkMode: 'always',
    // A 401 is an answer, not a failure; network errors are retried by the client's default rule.
    retry: (count, error) => isNetworkError(error) && count < 2,
  });
}

/** The claims of spec §3 "Session and tenant"; data is null when nobody is signed in. */
export function useClaims() {
  const queryClient = useQueryClient();
  return useQuery(claimsQueryOptions(queryClient));
}

/** Whose offline outbox (lib/outbox) this page shows and sends: the signed-in identity, or null before sign-in. */
export function useOutboxOwner(): string | null {
  const { data: claims } = useClaims();
  return claims?.['custom:cognito_uuid'] ?? null;
}

/**
 * Spec §4: tokens refresh when expired and are cleared on a refresh failure unless it is a network
 * error. Returns whether the session is still usable.
 */
export async function refreshSession(queryClient: QueryClient): Promise<boolean> {
  try {
    await identityCall('GetTokensFromRefreshToken', {});
    return true;
  } catch (error) {
    if (isNetworkError(error)) return true;
    writeSelectedTenant(null);
    queryClient.setQueryData(CLAIMS_QUERY_KEY, null);
    reportSessionExpired();
    return false;
  }
}

/** Keeps localStorage's selectedTenantUuid in step with the session's custom:selected_tenant_uuid. */
export function syncSelectedTenant(claims: IdentityClaims): string | null {
  const selected = claims['custom:selected_tenant_uuid'];
  if (selected !== readSelectedTenant()) writeSelectedTenant(selected);
  return selected;
}

/**
 * Spec §4 sign-out: the selected tenant, local and session storage (the theme and passkey history stay),
 * the auth cookie (SignOut) and all cached data go, then /login. A failed SignOut still clears the
 * browser side; the caller shows 'There was a problem signing out.'.
 */
async function signOut(queryClient: QueryClient, goToLogin: () => unknown): Promise<{ ok: boolean }> {
  let ok = true;
  try {
    await identityCall('SignOut', {});
  } catch (error) {
    // Already signed out on the server is still signed out.
    ok = error instanceof IdentityError && error.status === 401;
  }
  writeSelectedTenant(null);
  clearBrowserStorage();
  await queryClient.cancelQueries();
  queryClient.clear();
  // The working set kept on the phone goes with the session (lib/query-persist.ts).
  await clearPersistedQueries().catch(() => undefined);
  await goToLogin();
  return { ok };
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => signOut(queryClient, () => navigate({ to: '/login', replace: true })), [queryClient, navigate]);
}
