import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { type RenderResult, render } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { GraphQLRequestError } from '../lib/graphql-error';
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
function testQueryClient(claims?: Record<string, unknown> | null): QueryClient {
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

/** Answers one GraphQL operation from its variables (the `data` the endpoint returns); a thrown GraphQLRequestError is the endpoint's error. */
export type OperationHandler = (variables: Record<string, unknown>) => unknown;

const endpoint = setupServer();
let received: { operation: string; variables: Record<string, unknown> }[] = [];

/**
 * A test file's GraphQL endpoint: MSW answers the app's real `request` (fetch to /graphql, the error parsing) with
 * what `answerOperations` says. Call once at the top of a test file; the answers and the calls seen are cleared after
 * each test, and a request nobody answers fails the test.
 */
export function setupGraphQLEndpoint() {
  beforeAll(() => endpoint.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    endpoint.resetHandlers();
    received = [];
  });
  afterAll(() => endpoint.close());
}

/**
 * Answers each GraphQL operation the endpoint gets with `answer(operation, variables)`: its `data`, or, when it gives
 * undefined, an error naming the operation. A GraphQLRequestError it throws goes back as the server would send it;
 * any other error it throws is a network failure.
 */
export function answerEachOperation(answer: (operation: string, variables: Record<string, unknown>) => unknown) {
  endpoint.use(
    graphql.operation(async ({ operationName, variables }) => {
      received.push({ operation: operationName, variables });
      try {
        const data = (await answer(operationName, variables)) as Record<string, unknown> | null | undefined;
        if (data === undefined) return HttpResponse.json({ errors: [{ message: `unexpected ${operationName}` }] });
        return HttpResponse.json({ data });
      } catch (error) {
        // Any other error is the network failing: fetch rejects, as it does when the signal is lost.
        if (!(error instanceof GraphQLRequestError)) return HttpResponse.error();
        return HttpResponse.json(
          {
            errors: [
              {
                message: error.message,
                extensions: {
                  code: error.code,
                  ...(error.key ? { message_key: error.key, message_values: error.values } : {}),
                  ...(error.field ? { field: error.field } : {}),
                  ...(error.index !== undefined ? { index: error.index } : {}),
                },
              },
            ],
          },
          { status: error.status ?? 200 },
        );
      }
    }),
  );
}

/** Answers each GraphQL operation by its name from `handlers`, looked up on every request (so a test may replace one). */
export function answerOperations(handlers: Record<string, OperationHandler>) {
  answerEachOperation((operation, variables) => handlers[operation]?.(variables));
}

/** The operations the endpoint got in this test, in order. */
export const requestedOperations = () => received.map((r) => r.operation);

/** The variables of each request the endpoint got for `operation` in this test, in order. */
export const requestCalls = (operation: string) => received.filter((r) => r.operation === operation).map((r) => r.variables);

/** Makes MUI's useMediaQuery see a window of the given width (the test DOM has no layout; its own matchMedia answers for its 1024 px window). */
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
  // @ts-expect-error the stub goes: the test DOM's own matchMedia answers again
  delete window.matchMedia;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
}
