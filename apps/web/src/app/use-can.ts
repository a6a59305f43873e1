import { type Action, type Area, can } from '@groundwork/core/permissions';
import { useClaims } from '../auth/session';

/**
 * Whether the signed-in person may do `action` on `area`, answered by the core permission matrix (the one the
 * server applies to every operation) from the session's cognito:groups. Until the claims arrive, and when nobody
 * is signed in, the person holds nothing (only `member` areas read as allowed).
 *
 * It only decides which controls are shown: the server refuses whatever the matrix does not allow. The company's
 * switched-off modules are not passed: the web app does not load the switches outside the subscription settings,
 * the menu already hides switched-off modules, and the server refuses their operations regardless.
 */
export function useCan(area: Area, action: Action): boolean {
  const groups = useClaims().data?.['cognito:groups'];
  return can(groups ?? [], area, action);
}
