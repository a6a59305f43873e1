import { lazy, Suspense, useEffect, useState } from 'react';
import { loadWhenOnline } from '../lib/when-online';
import { useOnline } from './online';

let modal: Promise<typeof import('./offline-modal')> | undefined;
/** The modal's chunk; fetched while offline (a first visit that loses signal at once), it is tried again when back. */
const loadModal = () => {
  modal ??= loadWhenOnline(() => import('./offline-modal'));
  return modal;
};
const OfflineModal = lazy(() => loadModal().then((m) => ({ default: m.OfflineModal })));

/**
 * The 'No Connection' modal (shell/offline-modal.tsx) without its weight in the first download: its chunk is fetched
 * once the page has loaded, so it is at hand (and in the service worker's cache) before the signal drops. It is first
 * rendered when the signal goes (issue 28: not among the first screen's work), and stays mounted after, so coming
 * back online closes it as a dialog closes.
 */
export function OfflineGate() {
  const online = useOnline();
  const [lost, setLost] = useState(!online);
  useEffect(() => {
    if (!online) setLost(true);
  }, [online]);
  useEffect(() => {
    const fetchModal = () => void loadModal().catch(() => undefined);
    if (document.readyState === 'complete') fetchModal();
    else window.addEventListener('load', fetchModal, { once: true });
    return () => window.removeEventListener('load', fetchModal);
  }, []);
  if (!lost && online) return null;
  return (
    <Suspense fallback={null}>
      <OfflineModal />
    </Suspense>
  );
}
