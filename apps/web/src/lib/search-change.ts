import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Changes some of the current page's query keys and keeps the others (spec §2: each key changes on its own); a key set
 * to undefined leaves the address. For screens more than one route mounts (a module's page and its admin page, the
 * settings' panels), whose route is not known where they are written: the one cast to the router's route types is here.
 */
export function useSearchChange<S extends object = Record<string, unknown>>() {
  const navigate = useNavigate();
  return useCallback(
    (patch: Partial<S>, opts: { replace?: boolean } = {}) =>
      void navigate({ to: '.', search: (prev: S) => ({ ...prev, ...patch }), replace: opts.replace } as never),
    [navigate],
  );
}
