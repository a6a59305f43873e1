import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { whenSettled } from './idle';

/**
 * Issue 28: what the first screen does not show waits until it is on screen. On a weak signal and a slow phone, the
 * outbox and its IndexedDB library, the mood check-in, the unread count's read and stream, the theme kept on the
 * profile, the accounting check and the settings read shared the first seconds with the page someone opened: their
 * downloads took the signal from its code and their renders the phone's main thread from its first paint.
 *
 * `holdUntilFirstScreen` settles once the router has resolved its first navigation, the page's reads are done and the
 * page is idle (at the latest `LATEST_MS` after the navigation, for a page whose reads keep going). Where nothing holds
 * the gate (component tests, a page outside the signed-in app) nothing waits; with no signal nothing waits either:
 * the page then opens on what the phone kept, and the outbox is what it needs first. (The offline modal's chunk is not
 * held: it is fetched when the page has loaded, to be at hand before the signal drops; shell/offline-gate.tsx.)
 */
const LATEST_MS = 8_000;

let shown = true;
const listeners = new Set<() => void>();

function open(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

/** Holds what waits for the first screen until `firstNavigation` has resolved and the page has settled. */
export function holdUntilFirstScreen(queryClient: QueryClient, firstNavigation: Promise<unknown>): Promise<void> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve();
  shown = false;
  const settled = firstNavigation.then(
    () =>
      new Promise<void>((resolve) => {
        const latest = setTimeout(resolve, LATEST_MS);
        whenSettled(queryClient, () => {
          clearTimeout(latest);
          resolve();
        });
      }),
  );
  // Losing the signal before then opens the gate at once (the outbox's count).
  const offline = new Promise<void>((resolve) => window.addEventListener('offline', () => resolve(), { once: true }));
  return Promise.race([settled, offline]).then(open);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the first screen is on screen (at once where nothing holds the gate). */
export function useAfterFirstScreen(): boolean {
  return useSyncExternalStore(subscribe, () => shown);
}

/**
 * For what a page shows below its first screen (the time card's totals): false on its first render while the page
 * opens, true once the browser has painted that render; at once where the first screen is up already (a later
 * render, a later page) or nothing holds the gate. On a slow phone the first paint then waits for less of the page.
 */
export function useAfterFirstPaint(): boolean {
  const shownAlready = useAfterFirstScreen();
  const [painted, setPainted] = useState(shownAlready);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the callback of the frame runs before its paint, the task after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted || shownAlready;
}
