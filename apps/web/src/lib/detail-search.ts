/**
 * Spec §2 route query keys of a list-and-detail screen (people, jobs). Each is optional and independent: adding or
 * removing one keeps the others. Plain code (no zod) because the router that uses it is part of the first download.
 */
export interface DetailSearch {
  /** The selected record. */
  id?: number;
  /** Which tab of the record or of the list. */
  tab?: string;
  admin?: string;
  step?: number;
}

export function validateDetailSearch(raw: Record<string, unknown>): DetailSearch {
  const search: DetailSearch = {};
  const id = Number(raw.id);
  if (raw.id !== undefined && Number.isInteger(id) && id > 0) search.id = id;
  if (typeof raw.tab === 'string' && raw.tab) search.tab = raw.tab;
  if (raw.admin !== undefined && raw.admin !== null && raw.admin !== '') search.admin = String(raw.admin);
  const step = Number(raw.step);
  if (raw.step !== undefined && Number.isInteger(step)) search.step = step;
  return search;
}
