import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { GraphQLRequestError } from '../lib/graphql';
import { reportSessionExpired, SESSION_EXPIRED_EVENT } from '../lib/identity-client';
import { CLAIMS_QUERY_KEY, refreshSession } from './session';

// Spec §9 credentials refresh: 3000 s.
const REFRESH_EVERY_MS = 3000 * 1000;

/**
 * Mounted once under the router. Turns a GraphQL UNAUTHENTICATED (while signed in) into a session
 * expiry, renews the session cookie periodically, and on expiry takes the person to /login, where
 * 'Please sign back in.' shows.
 */
export function SessionExpiryWatcher() {
  const queryClient = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    const signedIn = () => Boolean(queryClient.getQueryData(CLAIMS_QUERY_KEY));
    const onExpired = () => {
      queryClient.clear();
      router.history.replace('/login?expired=1');
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const error = event.action.error;
      if (error instanceof GraphQLRequestError && error.code === 'UNAUTHENTICATED' && signedIn()) reportSessionExpired();
    });
    const timer = window.setInterval(() => {
      if (signedIn()) void refreshSession(queryClient);
    }, REFRESH_EVERY_MS);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      unsubscribe();
      window.clearInterval(timer);
    };
  }, [queryClient, router]);

  return null;
}
