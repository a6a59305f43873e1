// Spec §3 browser-storage keys owned by the shell.
export const THEME_KEY = 'theme';
export const MENU_OPEN_KEY = 'menu_open';
export const QBO_DISCONNECTED_KEY = 'qbo_disconnected';

// Storage can be unavailable (privacy modes, sandboxed web views); the shell then works without memory.
export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    console.warn(`Could not read "${key}" from local storage`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not write "${key}" to local storage`, error);
  }
}

export function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove "${key}" from local storage`, error);
  }
}
