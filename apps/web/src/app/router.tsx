import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAuthNav } from '../auth/router-auth-nav';
import { LoadingRows } from '../components/list-states';
import { i18n, loadShellNamespaces, type Namespace } from '../lib/i18n';
import { prefetchDashboard } from '../modules/dashboard/prefetch';
import { validateDashboardSearch } from '../modules/dashboard/search';
import { validatePeopleSearch } from '../modules/people/search';
import { validateGraphSearch } from '../modules/people-report/search';
import { validateProjectsSearch } from '../modules/projects/search';
import { validateReportsSearch } from '../modules/reports/search';
import { validateTestPageSearch } from '../modules/test-page/search';
import { validateTimecardsSearch } from '../modules/timecards/search';
import * as access from './access';
import { ErrorPage, NotFoundPage } from './error-pages';
import { EmptyLayout } from './layouts/empty-layout';

// Exported for the declarations tsc emits: the test helpers' return types (auth/test-helpers.tsx, shell/test-app.tsx)
// hold a router whose type names it.
export interface RouterContext {
  queryClient: QueryClient;
}

// Sign-in code (and the identity contract's schemas) stays out of the first download.
const SessionExpiryWatcher = lazy(() => import('../auth/session-expiry').then((m) => ({ default: m.SessionExpiryWatcher })));
const guard = () => import('../auth/guard');

/**
 * A page's chunk and its strings fetched side by side, so the page renders once with both (no second round trip).
 * Strings a page uses beyond these arrive while it waits in a Suspense boundary (the layout's content area).
 */
const page = <T extends Record<string, any>, K extends keyof T & string>(namespaces: Namespace[], load: () => Promise<T>, name: K) =>
  lazyRouteComponent(() => Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => module), name);

function Root() {
  return (
    <>
      {/* A screen whose strings are still on their way waits here (the routes fetch them with their chunks). */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <SessionExpiryWatcher />
      </Suspense>
    </>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
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
  // Spec §2 access redirects: no session → /login, no tenant → /select-tenant, the wanted route remembered.
  // Then pages outside the person's navigation go to /dashboard?unauth=page (app/access.ts).
  // The shell's strings come beside the checks; each page's come with its code (the rest once the first screen is up).
  beforeLoad: async (args) => {
    const strings = loadShellNamespaces();
    const gate = await guard();
    access.startTenantReads(args);
    await gate.requireTenant(args);
    // Spec §2 page access and the subscription check (issue 23), side by side: neither waits for the other.
    await Promise.all([access.requireAllowedPage(args), access.requireActiveSubscription(args)]);
    await strings;
  },
  // The app bar and drawer are only needed after sign-in, so the landing page does not download them.
  component: lazyRouteComponent(() => import('./layouts/appview-layout'), 'AppviewLayout'),
});

const landingRoute = createRoute({
  getParentRoute: () => emptyLayout,
  path: '/',
  component: page(['translation'], () => import('../modules/landing/landing-page'), 'LandingPage'),
});

// Sign-in screens (auth/**), each its own chunk. A phone opening one of them gets the light sign-in app instead
// (auth/public-app.tsx, issue 28); these routes show the same screens after a sign-out or an expired session.
const authLayout = createRoute({
  getParentRoute: () => emptyLayout,
  id: 'auth',
  component: () => (
    <RouterAuthNav>
      <Outlet />
    </RouterAuthNav>
  ),
});

/** A sign-in screen: its own chunk, with the auth strings. */
const authRoute = <P extends string, T extends Record<string, any>>(path: P, load: () => Promise<T>, name: keyof T & string) =>
  createRoute({
    getParentRoute: () => authLayout,
    path,
    component: page(['auth'], load, name),
  });

const authRoutes = [
  authRoute('login', () => import('../auth/login-page'), 'LoginPage'),
  authRoute('sign-up', () => import('../auth/sign-up-page'), 'SignUpPage'),
  authRoute('forgot-password', () => import('../auth/forgot-password-page'), 'ForgotPasswordPage'),
  authRoute('reset-password', () => import('../auth/reset-password-page'), 'ResetPasswordPage'),
];

// Spec §2 "a sign-up page specific to one organisation" (issue 26): public, the company named by ?company=<code>.
const joinRoute = createRoute({
  getParentRoute: () => emptyLayout,
  path: 'join',
  component: page(['join', 'auth'], () => import('../modules/join/join-page'), 'JoinPage'),
});

const selectTenantRoute = createRoute({
  getParentRoute: () => emptyLayout,
  path: 'select-tenant',
  beforeLoad: async (args) => (await guard()).requireSession(args),
  component: page(['auth', 'company'], () => import('./select-tenant-page'), 'SelectTenantPage'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'dashboard',
  validateSearch: validateDashboardSearch,
  // Spec §2: admin-only settings are refused before the dashboard renders.
  beforeLoad: async ({ context, search }) => access.refuseAdminSettings({ context, search: { ...search } }),
  // The dashboard's requests start beside its code's download (not awaited: the screen shows its own loading).
  loader: ({ context }) => {
    prefetchDashboard(context.queryClient);
  },
  component: page(['dashboard'], () => import('../modules/dashboard/dashboard-page'), 'DashboardPage'),
});

// Jobs (issue 6). Query keys id, tab, admin and step are each optional and independent (spec §2).
const projectsRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/projects',
  validateSearch: validateProjectsSearch,
  component: page(['projects', 'people-report'], () => import('../modules/projects/projects-page'), 'ProjectsPage'),
});

const adminProjectsRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'admin/projects',
  validateSearch: validateProjectsSearch,
  component: page(['projects', 'people-report'], () => import('../modules/projects/admin-projects-page'), 'AdminProjectsPage'),
});

// People (issue 4). Query key id selects a person; tab=groups opens the groups on /admin/people.
const peopleRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/people',
  validateSearch: validatePeopleSearch,
  component: page(['people'], () => import('../modules/people/people-page'), 'PeoplePage'),
});

/**
 * The people list's loading state while its page's code and strings arrive (issue 46: /admin/people stayed blank for
 * ~2 s): the list's skeleton rows from the first render, named with the shell's strings (already here).
 */
function PeopleListPending() {
  const { t } = useTranslation('shell', { useSuspense: false });
  return <LoadingRows label={t('dialog.loading')} height={52} />;
}

const adminPeopleRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'admin/people',
  validateSearch: validatePeopleSearch,
  component: page(['people', 'join'], () => import('./admin-people-page'), 'AdminPeoplePage'),
  pendingComponent: PeopleListPending,
  pendingMs: 0,
  pendingMinMs: 0,
});

// Signed in without a company: create one and become its first admin (issue 4).
const createCompanyRoute = createRoute({
  getParentRoute: () => emptyLayout,
  path: 'create-company',
  beforeLoad: async (args) => (await guard()).requireSession(args),
  component: page(['company'], () => import('../modules/company/create-company-page'), 'CreateCompanyPage'),
});

// Spec §2: the person's own profile, preferences and security; open to every member (no navigation item needed).
const userProfileRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'user-profile',
  component: page(['profile', 'auth'], () => import('../modules/profile/profile-page'), 'ProfilePage'),
});

const externalLinksRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/external-links',
  component: page(['dashboard'], () => import('../modules/external-links/external-links-page'), 'ExternalLinksPage'),
});

// Spec §2 "a test page": the shell's components with every option, for admins (the menu item asks for admin_access,
// so the access check sends everyone else to /dashboard?unauth=page). Query keys id, admin, tab and step.
const testRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'test',
  validateSearch: validateTestPageSearch,
  component: page(['shell'], () => import('../modules/test-page/test-page'), 'TestPage'),
});

// The report catalogue (issue 27): query keys report, from, to, date, job, costcode, person, department, division
// and group, each optional, so a report with its filters is a link.
const adminReportsRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'admin/reports',
  validateSearch: validateReportsSearch,
  component: page(['reports'], () => import('../modules/reports/reports-page'), 'ReportsPage'),
});

// Spec §2 routes whose areas are not built yet: inside the shell with their title and an honest note. An area
// that lands takes its path out of this list and adds its own route.
const PLACEHOLDER_PATHS: readonly string[] = [];

const placeholderRoutes = PLACEHOLDER_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => appviewLayout,
    path,
    component: page(['shell'], () => import('../modules/placeholder/placeholder-page'), 'PlaceholderPage'),
  }),
);

// The people report and the company graph (issue 27): the directory as numbers for admins; what is tied to a job.
const peopleReportRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'reports/people-report',
  component: page(['people-report'], () => import('../modules/people-report/people-report-page'), 'PeopleReportPage'),
});
const graphRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'reports/graph',
  validateSearch: validateGraphSearch,
  component: page(['people-report'], () => import('../modules/people-report/graph-page'), 'GraphPage'),
});

// Time cards (issue 7): query keys period (a date in the pay period) and employee (admins), each optional.
const timecardsRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/timecards',
  validateSearch: validateTimecardsSearch,
  component: page(['timecards'], () => import('../modules/timecards/timecards-page'), 'TimecardsPage'),
});

// Receipts (issue 15): a worker's own receipts on a phone; everyone's for receipts admins on a desktop.
const receiptsRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/receipts',
  component: page(['receipts', 'files'], () => import('../modules/receipts/receipts-page'), 'ReceiptsPage'),
});

// Tasks (issue 20): my tasks, on my jobs, all for admins; phone cards and a desktop board; checklist templates.
const tasksRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/tasks',
  component: page(['tasks'], () => import('../modules/tasks/tasks-page'), 'TasksPage'),
});

// Tools (issue 16): containers, moves with a log, reservations, QR labels and scanning.
const toolsRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/tool20',
  component: page(['tools'], () => import('../modules/tools/tools-page'), 'ToolsPage'),
});

// Buying (issue 17): purchase orders sent by e-mail, and the item catalogue with its vendors.
const orderingRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/ordering',
  component: page(['ordering'], () => import('../modules/ordering/ordering-page'), 'OrderingPage'),
});
const inventoryRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/inventory',
  component: page(['ordering'], () => import('../modules/ordering/inventory-page'), 'InventoryPage'),
});

// Daily reports (issue 18): a job's day drafted from the app's records, sent as a PDF.
const projectNotesRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/project-notes',
  component: page(['project-notes'], () => import('../modules/project-notes/project-notes-page'), 'ProjectNotesPage'),
});

// The chatbot (issue 22): questions about the company's own records, answered from tools run as the asker.
const chatbotRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/chatbot',
  component: page(['chatbot'], () => import('../modules/chatbot/chatbot-page'), 'ChatbotPage'),
});

// Announcements and the notifications inbox (issue 21).
const announcementsRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'modules/announcements',
  component: page(['announcements'], () => import('../modules/announcements/announcements-page'), 'AnnouncementsPage'),
});
const notificationsRoute = createRoute({
  getParentRoute: () => appviewLayout,
  path: 'notifications',
  component: page(['announcements'], () => import('../modules/notifications/notifications-page'), 'NotificationsPage'),
});

// Crew scheduling (issue 19): the planner's board, a foreman's crews and a worker's own days.
const schedulingPage = <P extends string>(path: P, name: 'SchedulingAdminPage' | 'SchedulingPage' | 'ScheduledPage') =>
  createRoute({
    getParentRoute: () => appviewLayout,
    path,
    component: page(['scheduling'], () => import('../modules/scheduling/scheduling-pages'), name),
  });
const schedulingRoutes = [
  schedulingPage('admin/scheduling', 'SchedulingAdminPage'),
  schedulingPage('modules/scheduling', 'SchedulingPage'),
  schedulingPage('modules/scheduled', 'ScheduledPage'),
];

const routeTree = rootRoute.addChildren([
  emptyLayout.addChildren([landingRoute, authLayout.addChildren(authRoutes), joinRoute, selectTenantRoute, createCompanyRoute]),
  appviewLayout.addChildren([
    ...placeholderRoutes,
    testRoute,
    externalLinksRoute,
    dashboardRoute,
    userProfileRoute,
    projectsRoute,
    adminProjectsRoute,
    timecardsRoute,
    receiptsRoute,
    ...schedulingRoutes,
    tasksRoute,
    chatbotRoute,
    toolsRoute,
    orderingRoute,
    inventoryRoute,
    projectNotesRoute,
    announcementsRoute,
    notificationsRoute,
    peopleRoute,
    adminPeopleRoute,
    adminReportsRoute,
    peopleReportRoute,
    graphRoute,
  ]),
]);

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
