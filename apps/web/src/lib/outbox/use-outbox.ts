import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { drain } from './drain';
import { listOutbox } from './outbox';

/**
 * Sends the person's waiting actions: at start, when the browser comes back online, when the app comes back to
 * the foreground (Safari has no Background Sync), and when a backed-off action is due. What is sent refreshes
 * the screens that show it.
 */
export function useOutboxRunner(owner: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!owner) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // On start and when the signal comes back, what waits is tried at once (its backoff was for a signal that kept
    // dropping); a due backed-off action and a return to the foreground go by the backoff.
    const run = async (tryNow = false) => {
      clearTimeout(timer);
      if (stopped || !navigator.onLine) return;
      const report = await drain(owner, { tryNow }).catch(() => null);
      if (report?.sent.length) await queryClient.invalidateQueries();
      if (stopped) return;
      const due = (await listOutbox(owner)).filter((i) => i.status === 'pending').map((i) => i.next_try_at);
      if (due.length && report?.stopped !== 'signed-out')
        timer = setTimeout(() => void run(), Math.max(1000, Math.min(...due) - Date.now()));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void run();
    };
    const onOnline = () => void run(true);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    void run(true);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [owner, queryClient]);
}
