import { isPublicPath } from '@groundwork/core/public-paths';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';

/**
 * How a sign-in screen moves on. The same screens run in two places: the light sign-in app a phone opens on
 * /login (auth/public-app.tsx: history for the sign-in screens, a page load into the signed-in app for the rest),
 * and inside the signed-in app's router after a sign-out (app/router.tsx). Each gives the screens this.
 */
export interface AuthNav {
  /** The query of the page's address (spec §2 route query keys: `step`, `expired`). */
  search: URLSearchParams;
  navigate(href: string, options?: { replace?: boolean }): void;
  /** The session changed (signed in): what the app knew of the last one must be asked again. */
  sessionChanged(): void;
}

const AuthNavContext = createContext<AuthNav | null>(null);

export function AuthNavProvider({ nav, children }: { nav: AuthNav; children: ReactNode }) {
  return <AuthNavContext.Provider value={nav}>{children}</AuthNavContext.Provider>;
}

export function useAuthNav(): AuthNav {
  const nav = useContext(AuthNavContext);
  if (!nav) throw new Error('useAuthNav must be used inside <AuthNavProvider>');
  return nav;
}

const NAVIGATED = 'groundwork:navigated';

/** A page load into the signed-in app; one object so a test can watch it (the test DOM does not load pages). */
export const pageLoad = {
  assign(url: string) {
    window.location.assign(url);
  },
};

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const currentHref = () => window.location.pathname + window.location.search;

/** The light sign-in app's address, kept in step with the browser's history. */
export function useBrowserLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, currentHref);
  return useMemo(() => {
    const url = new URL(href, window.location.origin);
    return { pathname: url.pathname, search: url.search };
  }, [href]);
}

/** The light sign-in app's navigation: the sign-in screens through history, anything else by loading the page. */
export function useBrowserAuthNav(search: string): AuthNav {
  return useMemo(
    () => ({
      search: new URLSearchParams(search),
      navigate(href, options) {
        const url = new URL(href, window.location.href);
        if (url.origin !== window.location.origin || !isPublicPath(url.pathname)) {
          pageLoad.assign(url.href);
          return;
        }
        const target = url.pathname + url.search + url.hash;
        if (options?.replace) window.history.replaceState(null, '', target);
        else window.history.pushState(null, '', target);
        window.dispatchEvent(new Event(NAVIGATED));
      },
      // The signed-in app is loaded afresh after a sign-in here: it holds nothing of an earlier session.
      sessionChanged() {},
    }),
    [search],
  );
}
