import { useCallback } from 'react';
import { useAuthNav } from './auth-nav';
import { clearPendingSignIn, handOffUsername, peekReturnRoute, storeNotice, storePendingSignIn } from './auth-storage';
import { afterSignInRoute, interpretSignIn, type SignInOutcome, type SignInResult } from './sign-in-flow';

/** Outcomes the login page shows itself; every other one navigates away or is a message. */
export type StepOutcome = Extract<SignInOutcome, { type: 'code' | 'mfaSelection' | 'totpSetup' }>;
export const isStepOutcome = (outcome: SignInOutcome): outcome is StepOutcome =>
  outcome.type === 'code' || outcome.type === 'mfaSelection' || outcome.type === 'totpSetup';

/**
 * Applies a sign-in answer (spec §4): DONE goes to the remembered route or /select-tenant; a new
 * password goes to /reset-password, RESET_PASSWORD to /forgot-password (prefilled, with a notice saying
 * why), CONFIRM_SIGN_UP to the sign-up
 * code step; code, MFA and TOTP-setup steps are kept as the 180 s pending state and returned to show.
 */
export function useApplySignIn() {
  const nav = useAuthNav();

  return useCallback(
    async (username: string, result: SignInResult): Promise<SignInOutcome> => {
      const outcome = interpretSignIn(result);
      switch (outcome.type) {
        case 'done':
          clearPendingSignIn();
          // The session changed: the claims must be fetched again before the guard reads them.
          nav.sessionChanged();
          nav.navigate(afterSignInRoute(peekReturnRoute()));
          break;
        case 'newPassword':
          storePendingSignIn({ username, result });
          handOffUsername(username);
          nav.navigate('/reset-password');
          break;
        case 'resetPassword':
          clearPendingSignIn();
          handOffUsername(username);
          storeNotice('passwordResetRequired');
          nav.navigate('/forgot-password');
          break;
        case 'confirmSignUp':
          clearPendingSignIn();
          handOffUsername(username);
          nav.navigate('/sign-up?step=1');
          break;
        case 'code':
        case 'mfaSelection':
        case 'totpSetup':
          storePendingSignIn({ username, result });
          break;
        default:
          clearPendingSignIn();
      }
      return outcome;
    },
    [nav],
  );
}
