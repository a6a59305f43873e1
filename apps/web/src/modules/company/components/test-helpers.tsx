import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { answerEachOperation, renderInShell } from '../../../shell/test-utils';

// Shared setup of the company settings' component tests. Each test file sets up the GraphQL endpoint
// (setupGraphQLEndpoint); these answer it and render in the shell.

export type Call = { op: string; vars: Record<string, unknown> };
type Answer = (op: string, vars: Record<string, unknown>) => unknown;

/** Answers the endpoint by operation name, noting each request in `calls`; an operation left unanswered is an error. */
export function answerRequests(calls: Call[], answer: Answer) {
  calls.length = 0;
  answerEachOperation((op, vars) => {
    calls.push({ op, vars });
    return answer(op, vars);
  });
}

/** Renders in the shell with a query client of its own that does not retry, so a failed read shows at once. */
export function renderWithQueries(ui: ReactElement) {
  return renderInShell(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>,
  );
}
