import {
  IDENTITY_ACTION_HEADER,
  IDENTITY_ENDPOINT,
  IDENTITY_ERRORS,
  type IdentityAction,
  type IdentityActions,
  type IdentityErrorBody,
  type IdentityErrorName,
} from '@groundwork/core/identity';
import { earlyReadKey, takeEarlyRead } from './early-reads';

/** The server's answer to a failed identity call (spec §8 exception names). */
export class IdentityError extends Error {
  override readonly name: IdentityErrorName | 'UnknownIdentityError';
  readonly retryAfterSeconds: number | undefined;

  constructor(
    body: { name: string; message: string; retryAfterSeconds?: number },
    readonly status: number,
  ) {
    super(body.message);
    this.name = (IDENTITY_ERRORS as readonly string[]).includes(body.name) ? (body.name as IdentityErrorName) : 'UnknownIdentityError';
    this.retryAfterSeconds = body.retryAfterSeconds;
  }
}

/**
 * The request never got an answer (offline, DNS, server down). Kept apart from IdentityError because a
 * session must not be cleared on a network failure (spec §4 "unless it is a network error").
 */
export class IdentityNetworkError extends Error {
  override readonly name = 'IdentityNetworkError';
}

export const isNetworkError = (error: unknown): error is IdentityNetworkError => error instanceof IdentityNetworkError;

/**
 * Actions that only make sense with a session: a 401 from one of these means the session ended while
 * the person was working, so the app says 'Please sign back in.'.
 */
const SIGNED_IN_ACTIONS: ReadonlySet<IdentityAction> = new Set<IdentityAction>([
  'ChangePassword',
  'UpdateUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'GlobalSignOut',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'ListWebAuthnCredentials',
  'DeleteWebAuthnCredential',
  'SelectTenant',
]);

// ---- Session expiry (spec §8 'Please sign back in.') -------------------------------------------------
export const SESSION_EXPIRED_EVENT = 'groundwork:session-expired';
const SESSION_EXPIRED_KEY = 'sessionExpired';

/**
 * Call when the server says the session is gone while the person was signed in (a GraphQL
 * UNAUTHENTICATED, an identity 401). The login page shows 'Please sign back in.' once; the watcher in
 * auth/session-expiry.tsx takes the person there.
 */
export function reportSessionExpired(): void {
  try {
    sessionStorage.setItem(SESSION_EXPIRED_KEY, '1');
  } catch {
    // Without storage the ?expired=1 query still carries the message.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

/** True once after reportSessionExpired(); reading clears it. */
export function takeSessionExpired(): boolean {
  try {
    const expired = sessionStorage.getItem(SESSION_EXPIRED_KEY) === '1';
    sessionStorage.removeItem(SESSION_EXPIRED_KEY);
    return expired;
  } catch {
    return false;
  }
}

function isErrorBody(value: unknown): value is IdentityErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
}

/** POST /api/identity with the action in x-identity-action (packages/core/src/identity.ts). */
export async function identityCall<A extends IdentityAction>(
  action: A,
  req: IdentityActions[A]['req'],
): Promise<IdentityActions[A]['res']> {
  let response: Response;
  try {
    // The session check the page's first script asked already (lib/early-reads.ts) is answered from there.
    const early = action === 'GetUser' ? takeEarlyRead(earlyReadKey('GetUser')) : null;
    response =
      (early && (await early)) ??
      (await fetch(IDENTITY_ENDPOINT, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: action },
        body: JSON.stringify(req),
      }));
  } catch (error) {
    throw new IdentityNetworkError(error instanceof Error ? error.message : String(error));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = isErrorBody(body)
      ? new IdentityError(body, response.status)
      : new IdentityError({ name: 'UnknownIdentityError', message: `Request failed with status ${response.status}` }, response.status);
    if (response.status === 401 && SIGNED_IN_ACTIONS.has(action)) reportSessionExpired();
    throw error;
  }
  return body as IdentityActions[A]['res'];
}
