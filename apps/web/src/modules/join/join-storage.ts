/**
 * The join a person started before signing up or in: kept in this tab's sessionStorage (never in the URL of
 * the sign-in screens) so /select-tenant can send them back to /join to finish it. Tiny on purpose: the
 * select-tenant page imports it.
 */
const KEY = 'pendingJoin';

export type PendingJoin = { code: string; firstname: string; lastname: string };

export function storePendingJoin(join: PendingJoin): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(join));
  } catch {
    // storage unavailable: the person opens the link again after signing in
  }
}

export function readPendingJoin(): PendingJoin | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingJoin | null;
    return value && typeof value.code === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingJoin(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

/** Where /select-tenant sends someone with a join to finish, or null. */
export function pendingJoinRoute(): string | null {
  const join = readPendingJoin();
  return join ? `/join?company=${encodeURIComponent(join.code)}` : null;
}
