// Browser storage keys of the spec; other code reads them through here only.
const SELECTED_TENANT_UUID = 'selectedTenantUuid';

export function readSelectedTenantUuid(): string | null {
  try {
    return localStorage.getItem(SELECTED_TENANT_UUID);
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed web views); treat it as no tenant chosen.
    return null;
  }
}
