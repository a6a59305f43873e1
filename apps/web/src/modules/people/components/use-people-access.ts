import { useClaims } from '../../../auth/session';
import { peopleAccess } from '../lib/format';

/**
 * What the signed-in person may do with people and groups, from the session's cognito:groups. It only decides which
 * controls are shown: the server refuses whatever the permissions do not allow.
 */
export function usePeopleAccess() {
  const { data } = useClaims();
  return { ...peopleAccess(data?.['cognito:groups'] ?? []), cognitoUuid: data?.['custom:cognito_uuid'] ?? null };
}
