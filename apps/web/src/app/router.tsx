import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { ErrorPage, NotFoundPage } from './error-pages';
import { EmptyLayout } from './layouts/empty-layout';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

// Layout routes are pathless: they wrap their children without adding a URL segment.
const emptyLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'empty',
  component: EmptyLayout,
});

const appviewLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'appview',
  // The app bar and drawer are only needed after sign-in, so the landing page does not download them.
  component: lazyRouteComponent(() => import('./layouts/appview-layout'), 'AppviewLayout'),
});

const landingRoute = createRoute({
  getParentRoute: () => emptyLayout,
  path: '/',
  component: lazyRouteComponent(() => import('../modules/landing/landing-page'), 'LandingPage'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'dashboard',
  component: lazyRouteComponent(() => import('../modules/dashboard/dashboard-page'), 'DashboardPage'),
});

const routeTree = rootRoute.addChildren([emptyLayout.addChildren([landingRoute]), appviewLayout.addChildren([dashboardRoute])]);

interface AppRouterOptions {
  context: RouterContext;
  // Tests pass a memory history; the app uses the browser's.
  history?: RouterHistory;
}

export function createAppRouter({ context, history }: AppRouterOptions) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    // Route data lives in TanStack Query, which has its own freshness rules.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
