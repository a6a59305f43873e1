import { IDENTITY_ACTION_HEADER, IDENTITY_ENDPOINT, type IdentityActions } from '@groundwork/core/identity';
import { IdentityError, IdentityNetworkError, reportSessionExpired } from '../../lib/identity-client';

type PasswordAction = 'ChangePassword' | 'AssociateSoftwareToken';

// The identity layer's message for a session that has ended (apps/server/src/identity/errors.ts signedOut).
const SESSION_ENDED = 'Please sign back in.';

/**
 * The identity actions that check the current password. The server answers a wrong password with
 * NotAuthorizedException and status 401, which identityCall takes for an ended session (it signs the
 * person out to /login). Here a 401 ends the session only when the server says the session is gone;
 * a mistyped password stays an error on the form.
 */
export async function passwordAction<A extends PasswordAction>(
  action: A,
  req: IdentityActions[A]['req'],
): Promise<IdentityActions[A]['res']> {
  let response: Response;
  try {
    response = await fetch(IDENTITY_ENDPOINT, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', [IDENTITY_ACTION_HEADER]: action },
      body: JSON.stringify(req),
    });
  } catch (error) {
    throw new IdentityNetworkError(error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as { name?: unknown; message?: unknown } | null;
  if (response.ok) return body as IdentityActions[A]['res'];
  const error = new IdentityError(
    {
      name: typeof body?.name === 'string' ? body.name : 'UnknownIdentityError',
      message: typeof body?.message === 'string' ? body.message : `Request failed with status ${response.status}`,
    },
    response.status,
  );
  if (response.status === 401 && error.message === SESSION_ENDED) reportSessionExpired();
  throw error;
}
