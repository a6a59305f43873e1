import type { IdentityClaims } from '@groundwork/core/identity';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isNetworkError } from '../lib/identity-client';
import { queryCacheRestored } from '../lib/query-persist-boot';
import { readSelectedTenant, rememberReturnRoute } from './auth-storage';
import { CLAIMS_QUERY_KEY, claimsQueryOptions, syncSelectedTenant } from './session';

interface GuardArgs {
  context: { queryClient: QueryClient };
  location: { href: string };
}

/** The claims, null without a session, or 'offline' when the server could not be asked. */
async function loadClaims(queryClient: QueryClient): Promise<IdentityClaims | null | 'offline'> {
  // With no signal, the copy of the session kept on the phone is put back first: it is the session.
  if (!onlineManager.isOnline()) {
    await queryCacheRestored();
    const kept = queryClient.getQueryData<IdentityClaims | null>(CLAIMS_QUERY_KEY);
    if (kept) return kept;
  }
  // With a signal the server decides, and is asked at once, not after the copy is read (on a weak signal that is a
  // download and a read less before the first screen). A copy read later never hides the server's newer answer
  // (lib/query-persist.ts); a session checked in this page is reused. When the server cannot be reached, the copy
  // stands in.
  try {
    return await queryClient.fetchQuery(claimsQueryOptions(queryClient));
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    await queryCacheRestored();
    return queryClient.getQueryData<IdentityClaims | null>(CLAIMS_QUERY_KEY) ?? 'offline';
  }
}

/**
 * Spec §2 access redirects for the appview routes: no session goes to /login, no chosen tenant to
 * /select-tenant; the wanted route is remembered either way and used after sign-in.
 */
export async function requireTenant({ context, location }: GuardArgs): Promise<void> {
  const claims = await loadClaims(context.queryClient);
  // Offline with a tenant chosen earlier: let the installed app open from its cache (spec §4 installable app).
  if (claims === 'offline') {
    if (readSelectedTenant()) return;
    rememberReturnRoute(location.href);
    throw redirect({ to: '/login' });
  }
  if (!claims) {
    rememberReturnRoute(location.href);
    throw redirect({ to: '/login' });
  }
  if (!syncSelectedTenant(claims)) {
    rememberReturnRoute(location.href);
    throw redirect({ to: '/select-tenant' });
  }
}

/** /select-tenant needs a session but no tenant. */
export async function requireSession({ context }: GuardArgs): Promise<void> {
  const claims = await loadClaims(context.queryClient);
  if (claims === null) throw redirect({ to: '/login' });
}
