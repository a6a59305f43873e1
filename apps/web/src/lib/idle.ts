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
