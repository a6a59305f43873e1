import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import type { request } from '../lib/graphql';
import { i18n } from '../lib/i18n';
import { SnackbarProvider } from './snackbar';
import { theme } from './theme';

/** Component tests: the shell's providers without the router. */
export function renderInShell(ui: ReactElement, { snackbarEnabled = true }: { snackbarEnabled?: boolean } = {}): RenderResult {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme} defaultMode="light" storageManager={null} noSsr>
        <SnackbarProvider enabled={snackbarEnabled}>{children}</SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}

/**
 * A query client for one test: no retries, and when `claims` is given, those identity claims cached as the
 * signed-in person's (e.g. `{ 'cognito:groups': ['admin_access'] }`; null: nobody signed in).
 */
export function testQueryClient(claims?: Record<string, unknown> | null): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (claims !== undefined) queryClient.setQueryData(['identity', 'claims'], claims);
  return queryClient;
}

/** Which query client a test renders with: `queryClient`, else a fresh testQueryClient(claims). */
export type TestQueries = { queryClient?: QueryClient; claims?: Record<string, unknown> | null };

/** renderInShell with a query client around `ui` (see TestQueries). */
export function renderWithQueries(
  ui: ReactElement,
  { queryClient, claims, snackbarEnabled }: TestQueries & { snackbarEnabled?: boolean } = {},
): RenderResult & { queryClient: QueryClient } {
  const client = queryClient ?? testQueryClient(claims);
  const result = renderInShell(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, { snackbarEnabled });
  return { ...result, queryClient: client };
}

export type TestRoute = {
  path: string;
  component: () => ReactNode;
  validateSearch?: (search: Record<string, unknown>) => object;
};

/** Page tests: `routes` under a bare root route, in a memory router opened at `url`, rendered with renderWithQueries. */
export function renderRoutes(url: string, routes: TestRoute[], queries: TestQueries = {}) {
  const rootRoute = createRootRoute({ component: Outlet });
  const children = routes.map((route) => createRoute({ getParentRoute: () => rootRoute, ...route }));
  const router = createRouter({ routeTree: rootRoute.addChildren(children), history: createMemoryHistory({ initialEntries: [url] }) });
  const { queryClient } = renderWithQueries(<RouterProvider router={router} />, queries);
  return { router, queryClient };
}

/** Answers one GraphQL operation from its variables (what the mocked `request` resolves to). */
export type OperationHandler = (variables: Record<string, unknown>) => unknown;

/**
 * Makes the test file's mocked `request` (vi.mock of lib/graphql) answer each operation by its name from
 * `handlers`, looked up on every call (so a test may replace one); an operation without one fails.
 */
export function answerOperations(mockedRequest: typeof request, handlers: Record<string, OperationHandler>) {
  vi.mocked(mockedRequest).mockImplementation((async (doc: unknown, variables: Record<string, unknown>) => {
    const handler = handlers[operationName(doc)];
    if (!handler) throw new Error(`unexpected ${operationName(doc)}`);
    return handler(variables);
  }) as never);
}

/** The variables of each call the mocked `request` got for `operation`, in order. */
export const requestCalls = (mockedRequest: typeof request, operation: string) =>
  vi
    .mocked(mockedRequest)
    .mock.calls.filter(([doc]) => operationName(doc) === operation)
    .map(([, variables]) => variables as Record<string, unknown>);

/** Makes MUI's useMediaQuery see a window of the given width (jsdom has no matchMedia and no layout). */
export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

export function resetWindowWidth() {
  // @ts-expect-error restoring jsdom's default: no matchMedia
  delete window.matchMedia;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
}

/** The operation name of a GraphQL document a mocked `request` receives: tests answer by it. */
export const operationName = (doc: unknown) =>
  (doc as { definitions: { kind: string; name?: { value: string } }[] }).definitions.find((d) => d.kind === 'OperationDefinition')?.name
    ?.value ?? '';
