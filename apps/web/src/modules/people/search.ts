/**
 * Spec §2 route query keys for the people screens. Each is optional and independent: adding or removing one keeps
 * the others. Plain code (no zod) because the router that uses it is part of the first download.
 */
export interface PeopleSearch {
  /** The selected person (employees id). */
  id?: number;
  /** /admin/people: people (default) | groups. */
  tab?: string;
  admin?: string;
  step?: number;
}

export function validatePeopleSearch(raw: Record<string, unknown>): PeopleSearch {
  const search: PeopleSearch = {};
  const id = Number(raw.id);
  if (raw.id !== undefined && Number.isInteger(id) && id > 0) search.id = id;
  if (typeof raw.tab === 'string' && raw.tab) search.tab = raw.tab;
  if (raw.admin !== undefined && raw.admin !== null && raw.admin !== '') search.admin = String(raw.admin);
  const step = Number(raw.step);
  if (raw.step !== undefined && Number.isInteger(step)) search.step = step;
  return search;
}
