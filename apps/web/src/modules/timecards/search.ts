/**
 * Query keys of /modules/timecards, each optional and independent (spec §2): the pay period shown (any date in
 * it, YYYY-MM-DD), for admins whose card, and the tab (issue 47): the card (no key), the punch clock (`clock`) or,
 * for foremen and admins, who is on the clock (`on-the-clock`). Plain code: the router that uses it is in the first
 * download.
 */
export interface TimecardsSearch {
  period?: string;
  employee?: number;
  tab?: 'clock' | 'on-the-clock';
}

export function validateTimecardsSearch(raw: Record<string, unknown>): TimecardsSearch {
  const search: TimecardsSearch = {};
  if (typeof raw.period === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.period)) search.period = raw.period;
  const employee = Number(raw.employee);
  if (raw.employee !== undefined && Number.isInteger(employee) && employee > 0) search.employee = employee;
  if (raw.tab === 'clock' || raw.tab === 'on-the-clock') search.tab = raw.tab;
  return search;
}
