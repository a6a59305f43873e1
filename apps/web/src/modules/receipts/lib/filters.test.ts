import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_FILTERS, filtersFromSearch, filtersToSearch } from './filters';

describe('receipt filters and the URL query', () => {
  it('round-trips every filter through the query keys', () => {
    const filters = { employees_id: 5, jobs_id: 7, from: '2026-11-01', to: '2026-11-30', status: 'archived' as const };
    expect(filtersToSearch(filters)).toEqual({ person: 5, job: 7, from: '2026-11-01', to: '2026-11-30', status: 'archived' });
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
    expect(activeFilterCount(filters)).toBe(5);
  });

  it('leaves the defaults out of the address', () => {
    expect(filtersToSearch(DEFAULT_FILTERS)).toEqual({
      person: undefined,
      job: undefined,
      from: undefined,
      to: undefined,
      status: undefined,
    });
    expect(filtersFromSearch({})).toEqual(DEFAULT_FILTERS);
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
  });

  it('accepts ids as text and ignores malformed values', () => {
    expect(filtersFromSearch({ person: '5', job: 7 })).toEqual({ employees_id: 5, jobs_id: 7, status: 'active' });
    expect(filtersFromSearch({ person: 'x', job: -1, from: '2026-13-45', to: 'soon', status: 'deleted' })).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch({ person: 1.5, job: '', from: 20261101 })).toEqual(DEFAULT_FILTERS);
  });
});
