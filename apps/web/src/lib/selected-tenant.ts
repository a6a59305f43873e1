// Browser storage keys of the spec; other code reads them through here or lib/storage.ts only. This file imports
// nothing: the page's first script reads it (lib/early-reads.ts).
export const SELECTED_TENANT_KEY = 'selectedTenantUuid';

/** The company chosen in this browser (spec §3 `selectedTenantUuid`), or null. */
export function readSelectedTenantUuid(): string | null {
  try {
    return localStorage.getItem(SELECTED_TENANT_KEY);
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed web views); treat it as no tenant chosen.
    return null;
  }
}
