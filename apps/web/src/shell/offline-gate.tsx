import { lazy, Suspense, useEffect, useState } from 'react';
import { loadWhenOnline } from '../lib/when-online';
import { useOnline } from './online';

/** The modal's chunk; fetched while offline (a first visit that loses signal at once), it is tried again when back. */
const OfflineModal = lazy(() => loadWhenOnline(() => import('./offline-modal')).then((m) => ({ default: m.OfflineModal })));

/**
 * The 'No Connection' modal (shell/offline-modal.tsx) without its weight in the first download: its chunk is fetched
 * once the page has loaded, so it is at hand (and in the service worker's cache) before the signal drops.
 */
export function OfflineGate() {
  const online = useOnline();
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  if (online && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <OfflineModal />
    </Suspense>
  );
}
