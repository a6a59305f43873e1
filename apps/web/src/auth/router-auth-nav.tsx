import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { type AuthNav, AuthNavProvider } from './auth-nav';
import { CLAIMS_QUERY_KEY } from './session';

/**
 * The sign-in screens inside the signed-in app (after a sign-out, an expired session, or a test): they move through
 * its router, and a sign-in drops the claims it held so the guard asks the server again.
 */
export function RouterAuthNav({ children }: { children: ReactNode }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const nav = useMemo<AuthNav>(
    () => ({
      search: new URLSearchParams(searchStr),
      navigate(href, options) {
        if (options?.replace) router.history.replace(href);
        else router.history.push(href);
      },
      sessionChanged() {
        queryClient.removeQueries({ queryKey: CLAIMS_QUERY_KEY });
      },
    }),
    [router, queryClient, searchStr],
  );
  return <AuthNavProvider nav={nav}>{children}</AuthNavProvider>;
}
