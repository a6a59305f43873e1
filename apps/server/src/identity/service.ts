import { createAccountFlags } from './account-flags.js';
import { attributeActions } from './attributes.js';
import { flowContext, type IdentityDeps } from './flow-context.js';
import { passkeyActions } from './passkeys.js';
import { passwordActions } from './password.js';
import { signInActions, signInSteps } from './sign-in.js';
import { accountCreation, signUpActions } from './sign-up.js';
import { tenantClaims, tenantSelectionActions } from './tenant-selection.js';
import { totpActions, totpSecrets } from './totp.js';

export type { ActionRequest, IdentityDeps } from './flow-context.js';

/**
 * The identity service: the Cognito-shaped actions the web app calls (identity/routes.ts), and the account
 * operations other modules use. Each flow lives in its own file; they share one context (flow-context.ts).
 */
export function createIdentityService(deps: IdentityDeps) {
  const flow = flowContext(deps);
  const totp = totpSecrets(flow);
  const steps = signInSteps(flow, totp);
  const claims = tenantClaims(flow);
  const actions = {
    ...signInActions(flow, totp, steps),
    ...signUpActions(flow, steps),
    ...passwordActions(flow),
    ...attributeActions(flow),
    ...tenantSelectionActions(flow, claims),
    ...totpActions(flow, totp),
    ...passkeyActions(flow),
  };
  const { createInvitedUser, ensurePasswordUser } = accountCreation(flow);
  const { requirePasswordReset, setMfaRequired } = createAccountFlags(flow.db, flow.now);
  return { actions, createInvitedUser, ensurePasswordUser, claims, requirePasswordReset, setMfaRequired };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
