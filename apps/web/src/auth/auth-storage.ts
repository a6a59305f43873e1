import { type PasskeyHistory, PENDING_SIGN_IN_SECONDS, recordPasskeyAttempt } from '@groundwork/core/identity';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { readSelectedTenantUuid, SELECTED_TENANT_KEY, writeSelectedTenantUuid } from '../lib/storage';
import type { SignInResult } from './sign-in-flow';

// Spec §3 browser-storage keys of the identity area.
export const PASSKEY_HISTORY_KEY = 'passkeyHistory';
const HAS_USED_PASSKEY_KEY = 'has_used_passkey_before';
export const THEME_KEY = 'theme';
const RETURN_ROUTE_KEY = 'returnRoute';
const PENDING_KEY = 'pendingSignIn';
const HANDOFF_USERNAME_KEY = 'authUsername';
const NOTICE_KEY = 'authNotice';

// Storage can be unavailable (privacy modes, sandboxed web views); sign-in still works without memory.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}
function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // see read()
  }
}
const local = () => localStorage;
const session = () => sessionStorage;

// ---- Passkey history ------------------------------------------------------------------------------
export function readPasskeyHistory(): PasskeyHistory {
  try {
    const parsed: unknown = JSON.parse(read(local, PASSKEY_HISTORY_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as PasskeyHistory) : {};
  } catch {
    return {};
  }
}

export function storePasskeyAttempt(username: string, success: boolean, now = Date.now()): PasskeyHistory {
  const history = recordPasskeyAttempt(readPasskeyHistory(), username, success, now);
  write(local, PASSKEY_HISTORY_KEY, JSON.stringify(history));
  if (success) write(local, HAS_USED_PASSKEY_KEY, 'true');
  return history;
}

// ---- Return route (spec §2: remembered, used after sign-in) -----------------------------------------
const NEVER_REMEMBERED = ['/login', '/sign-up', '/reset-password'];

export function rememberReturnRoute(href: string): void {
  const path = href.split(/[?#]/)[0];
  if (NEVER_REMEMBERED.includes(path)) return;
  write(session, RETURN_ROUTE_KEY, href);
}
export const peekReturnRoute = (): string | null => read(session, RETURN_ROUTE_KEY);
export function takeReturnRoute(): string | null {
  const route = peekReturnRoute();
  write(session, RETURN_ROUTE_KEY, null);
  return route;
}

// ---- Selected tenant ---------------------------------------------------------------------------------
// One home for it: lib/storage.ts (whose writer tells the screens reading it through useTenant).
export { SELECTED_TENANT_KEY };
export const readSelectedTenant = readSelectedTenantUuid;
export const writeSelectedTenant = writeSelectedTenantUuid;

// ---- Pending sign-in (spec §4: username, challenge, session; 180 s) -------------------------------------
/** The server's last answer (its session is the opaque pending state) and whose sign-in it is. */
export type PendingSignIn = { username: string; result: SignInResult; expiresAt: number };

export function storePendingSignIn(pending: Omit<PendingSignIn, 'expiresAt'>, now = Date.now()): PendingSignIn {
  const withExpiry = { ...pending, expiresAt: now + PENDING_SIGN_IN_SECONDS * 1000 };
  write(session, PENDING_KEY, JSON.stringify(withExpiry));
  return withExpiry;
}
/** The pending state, or null when there is none or its 180 s are over (then it is dropped). */
export function readPendingSignIn(now = Date.now()): PendingSignIn | null {
  try {
    const pending = JSON.parse(read(session, PENDING_KEY) ?? 'null') as PendingSignIn | null;
    if (pending && pending.expiresAt > now) return pending;
  } catch {
    // fall through: unreadable means none
  }
  clearPendingSignIn();
  return null;
}
export const clearPendingSignIn = (): void => write(session, PENDING_KEY, null);

// ---- Username hand-off between sign-in screens (never in the URL, which ends up in logs) ----------------
export const handOffUsername = (username: string): void => write(session, HANDOFF_USERNAME_KEY, username);
export const readHandedOffUsername = (): string => read(session, HANDOFF_USERNAME_KEY) ?? '';

// The theme, the language and the passkey history describe the device, not the session: without the
// history the 'Passkey available for this account!' note could never show after a sign-out, and a crew
// member who reads Spanish should not meet the sign-in page in English after signing out.
const KEPT_ON_SIGN_OUT = [THEME_KEY, LANGUAGE_STORAGE_KEY, PASSKEY_HISTORY_KEY, HAS_USED_PASSKEY_KEY];

/** Sign-out (spec §4): local and session storage go, except what KEPT_ON_SIGN_OUT names. */
export function clearBrowserStorage(): void {
  const kept = KEPT_ON_SIGN_OUT.map((key) => [key, read(local, key)] as const);
  try {
    localStorage.clear();
  } catch {
    // nothing to clear
  }
  try {
    sessionStorage.clear();
  } catch {
    // nothing to clear
  }
  for (const [key, value] of kept) if (value !== null) write(local, key, value);
}

// ---- A one-time notice for the login page (e.g. after a password reset) -------------------------------
/** passwordResetRequired is for /forgot-password: sign-in answered RESET_PASSWORD. */
export type AuthNotice = 'passwordReset' | 'autoSignInFailed' | 'passwordResetRequired';
export const storeNotice = (notice: AuthNotice): void => write(session, NOTICE_KEY, notice);
/** The stored notice, left in place (render-safe; clear it with takeNotice in an effect). */
export const peekNotice = (): AuthNotice | null => read(session, NOTICE_KEY) as AuthNotice | null;
export function takeNotice(): AuthNotice | null {
  const notice = read(session, NOTICE_KEY) as AuthNotice | null;
  write(session, NOTICE_KEY, null);
  return notice;
}
