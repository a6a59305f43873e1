import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { request } from '../../../lib/graphql';
import { operationName, renderInShell } from '../../../shell/test-utils';

// Shared setup of the company settings' component tests. Each test file mocks lib/graphql's `request` itself
// (vi.mock is hoisted per file); these answer it and render in the shell.

export type Call = { op: string; vars: Record<string, unknown> };
type Answer = (op: string, vars: Record<string, unknown>) => unknown;

/** Answers the mocked `request` by operation name, noting each call in `calls`; an operation left unanswered throws. */
export function answerRequests(calls: Call[], answer: Answer) {
  calls.length = 0;
  vi.mocked(request).mockImplementation((async (doc: unknown, vars: Record<string, unknown>) => {
    const op = operationName(doc);
    calls.push({ op, vars });
    const result = answer(op, vars);
    if (result === undefined) throw new Error(`unexpected ${op}`);
    return result;
  }) as never);
}

/** Renders in the shell with a query client of its own that does not retry, so a failed read shows at once. */
export function renderWithQueries(ui: ReactElement) {
  return renderInShell(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>,
  );
}
