import type { QueryClient } from '@tanstack/react-query';

/**
 * Runs `task` once the page is idle (at the latest after 5 s), or after a second where the browser cannot tell.
 * Returns a cancel, for effects. For work the first screen does not need (issue 28).
 */
export function whenIdle(task: () => unknown): () => void {
  const run = () => void task();
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 1000);
  return () => window.clearTimeout(handle);
}

/**
 * Runs `task` once no query is fetching (the screen has its data: a background download started earlier would
 * share a weak signal with it) and then the page is idle. Returns a cancel, for effects.
 */
export function whenSettled(queryClient: QueryClient, task: () => unknown): () => void {
  let cancelIdle: (() => void) | undefined;
  const start = () => {
    unsubscribe();
    cancelIdle ??= whenIdle(task);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() === 0) start();
  });
  if (queryClient.isFetching() === 0) start();
  return () => {
    unsubscribe();
    cancelIdle?.();
  };
}
