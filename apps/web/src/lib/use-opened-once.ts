import { useState } from 'react';

/**
 * Whether `open` has been true at any render so far. A lazily loaded dialog or menu mounts the first time it opens
 * and stays mounted after, so closing it plays its transition (issue 28: its code is not in the first download).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
