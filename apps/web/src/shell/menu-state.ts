import { useCallback, useState } from 'react';
import { MENU_OPEN_KEY, readStorage, writeStorage } from './shell-storage';

// Spec §2, §9: the menu is open by default only when the window is wider than 450 px.
const MENU_OPEN_MIN_WIDTH = 450;

export function initialMenuOpen(windowWidth = window.innerWidth): boolean {
  const stored = readStorage(MENU_OPEN_KEY);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return windowWidth > MENU_OPEN_MIN_WIDTH;
}

/** The drawer's open state, remembered across visits. */
export function useMenuOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => initialMenuOpen());
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeStorage(MENU_OPEN_KEY, String(next));
  }, []);
  return [open, setOpen];
}
