import { useSyncExternalStore } from 'react';
import { readSelectedTenantUuid, SELECTED_TENANT_KEY } from './selected-tenant';

export { readSelectedTenantUuid, SELECTED_TENANT_KEY };

const listeners = new Set<() => void>();

/** Stores the company chosen (null forgets it); every screen reading it through `useTenant` renders again. */
export function writeSelectedTenantUuid(uuid: string | null): void {
  try {
    if (uuid === null) localStorage.removeItem(SELECTED_TENANT_KEY);
    else localStorage.setItem(SELECTED_TENANT_KEY, uuid);
  } catch {
    // see readSelectedTenantUuid()
  }
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab choosing a company changes this one's too (the session decides the tenant, DESIGN.md).
  const onStorage = (event: StorageEvent) => {
    if (event.key === SELECTED_TENANT_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The company a screen works in: the one hook every component asks (issue 14), instead of reading storage on its
 * own. It renders again when the choice changes, here (the session's claims, the company picker) or in another tab.
 */
export function useTenant(): string | null {
  return useSyncExternalStore(subscribe, readSelectedTenantUuid, () => null);
}
