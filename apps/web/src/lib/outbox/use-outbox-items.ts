import { useEffect, useState } from 'react';
import { useAfterFirstScreen } from '../first-screen';
import type { OutboxItem } from './outbox';

/**
 * The person's outbox as it changes (any tab, any drain). Its IndexedDB code is fetched once the first screen is on
 * screen (issue 28: on a first visit it took the signal from the page's own code); with no signal that is at once.
 * Until then the list is empty, as it is while the first read of the outbox runs.
 */
export function useOutboxItems(owner: string | null): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const shown = useAfterFirstScreen();
  useEffect(() => {
    if (!owner) {
      setItems([]);
      return;
    }
    if (!shown) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    Promise.all([import('dexie'), import('./outbox')])
      .then(([{ liveQuery }, { listOutbox }]) => {
        if (cancelled) return;
        const subscription = liveQuery(() => listOutbox(owner)).subscribe({ next: setItems, error: () => setItems([]) });
        stop = () => subscription.unsubscribe();
      })
      .catch(() => setItems([]));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [owner, shown]);
  return items;
}
