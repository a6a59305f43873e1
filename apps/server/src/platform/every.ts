/**
 * Runs `run` every `intervalMs`, the first time after `firstAfterMs`, never twice at once on this instance (a tick
 * that comes while a run is going is skipped); a failed run goes to `onError` and the next tick runs again. The
 * timers do not keep the process alive. stop() waits for a run in progress. The sweeps' schedule (notifications,
 * orphan files).
 */
export function every(
  opts: { intervalMs: number; firstAfterMs: number },
  run: () => Promise<unknown>,
  onError: (err: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  const first = setTimeout(tick, opts.firstAfterMs);
  first.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
