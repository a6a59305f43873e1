import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchChange } from '../lib/search-change';
import { useSnackbar } from '../shell/snackbar';
import { unauthMessageKey } from './access';

/**
 * Spec §2: `unauth=page` says 'Unauthorized page. Redirected to dashboard.', `unauth=settings` 'You are not
 * authorized to access that settings area.', any other value 'Unauthorized.'; then the query goes (replaced, so
 * Back does not bring the message again). The other query keys stay.
 */
export function UnauthNotice() {
  const { t } = useTranslation('shell');
  const snackbar = useSnackbar();
  const change = useSearchChange();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const unauth = search.unauth;
  // StrictMode runs effects twice; one message per visit.
  const shown = useRef<unknown>(undefined);

  useEffect(() => {
    if (unauth === undefined || unauth === null) {
      shown.current = undefined;
      return;
    }
    if (shown.current === unauth) return;
    shown.current = unauth;
    snackbar.show({ color: 'warning', message: t(unauthMessageKey(String(unauth))) });
    change({ unauth: undefined }, { replace: true });
  }, [unauth, snackbar, change, t]);

  return null;
}
