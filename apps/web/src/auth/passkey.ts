import { startAuthentication } from '@simplewebauthn/browser';
import { identityCall } from '../lib/identity-client';
import { interpretSignIn } from './sign-in-flow';

type Authenticate = (options: unknown) => Promise<unknown>;

// @simplewebauthn/browser wraps navigator.credentials.get; its WebAuthnError keeps the browser's error name.
const browserAuthenticate: Authenticate = (options) =>
  startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });

export type PasskeyOutcome = 'done' | 'firstFactor' | 'usePassword';

/**
 * Spec §7 passkey login: USER_AUTH with WEB_AUTHN preferred → the browser's assertion →
 * RespondToAuthChallenge. Throws the browser's or the server's error for passkeyErrorMessage.
 */
export async function runPasskeySignIn(
  username: string,
  { call = identityCall, authenticate = browserAuthenticate }: { call?: typeof identityCall; authenticate?: Authenticate } = {},
): Promise<PasskeyOutcome> {
  const started = interpretSignIn(await call('InitiateAuth', { username, preferredChallenge: 'WEB_AUTHN' }));
  if (started.type === 'done') return 'done';
  if (started.type !== 'webAuthn') return started.type === 'firstFactor' ? 'firstFactor' : 'usePassword';
  const credential = await authenticate(started.options);
  const answered = interpretSignIn(await call('RespondToAuthChallenge', { session: started.session, credential }));
  // Spec §8: extra steps after a passkey login ask the person to use password sign-in.
  return answered.type === 'done' ? 'done' : 'usePassword';
}
