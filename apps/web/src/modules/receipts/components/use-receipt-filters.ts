import { useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchChange } from '../../../lib/search-change';
import { DEFAULT_FILTERS, filtersFromSearch, filtersToSearch, type ReceiptFilters, sameFilters } from '../lib/filters';

/**
 * The admin list's filters live in the URL query (?person=&job=&from=&to=&status=), so a reload or a shared link keeps
 * them and Back undoes a change. Each change is one history entry, except typing on in the same date field, which
 * replaces its entry (a date typed digit by digit is one step back, not eight). People without the admin list get the
 * defaults whatever the address says.
 */
export function useReceiptFilters(enabled: boolean) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const change = useSearchChange();
  const { person, job, from, to, status } = raw;
  // The parsed filters only change when one of their query values does.
  const filters = useMemo(
    () => (enabled ? filtersFromSearch({ person, job, from, to, status }) : DEFAULT_FILTERS),
    [enabled, person, job, from, to, status],
  );
  const lastDateField = useRef<'from' | 'to' | null>(null);

  const setFilters = useCallback(
    (next: ReceiptFilters, { typing }: { typing?: 'from' | 'to' } = {}) => {
      if (sameFilters(next, filters)) return;
      const replace = typing !== undefined && lastDateField.current === typing;
      lastDateField.current = typing ?? null;
      change(filtersToSearch(next), { replace });
    },
    [filters, change],
  );
  return { filters, setFilters };
}
