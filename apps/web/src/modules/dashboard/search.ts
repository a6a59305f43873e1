/**
 * Spec §2 dashboard query: settings=true with component (company-setup | app-subscription) and an optional
 * dialog; dialog=qbo-disconnected or subscription-cancelled on their own; unauth after an access redirect; plus
 * the shared keys id, admin, tab and step. Every key is optional and independent, and keys this screen does not
 * know are kept untouched (other features add their own). Plain code: the router is in the first download.
 */
export interface DashboardSearch {
  settings?: boolean | string;
  component?: string;
  dialog?: string;
  unauth?: string;
  id?: unknown;
  admin?: unknown;
  tab?: unknown;
  step?: unknown;
  [key: string]: unknown;
}

export type SettingsComponent = 'company-setup' | 'app-subscription';

export function validateDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const search: DashboardSearch = { ...raw };
  for (const key of ['component', 'dialog', 'unauth'] as const) {
    if (search[key] === undefined || search[key] === null || search[key] === '') delete search[key];
    else search[key] = String(search[key]);
  }
  return search;
}

/** The settings component the query opens, or null (settings must be true, spec §2). */
export function openSettingsComponent(search: DashboardSearch): SettingsComponent | null {
  if (search.settings !== true && search.settings !== 'true') return null;
  return search.component === 'company-setup' || search.component === 'app-subscription' ? search.component : null;
}
