/**
 * Loads a chunk, and when that fails (the signal went before it came) tries again once the browser is back online,
 * instead of failing: a `lazy()` screen part waits under its Suspense fallback rather than throwing to the page's
 * error screen. With the service worker installed every chunk is on the phone and the first try succeeds.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () => new Promise<T>((resolve) => window.addEventListener('online', () => resolve(loadWhenOnline(load)), { once: true })),
  );
}
