import { useCan } from '../../../app/use-can';
import { useClaims } from '../../../auth/session';

/**
 * What the signed-in person may do with people and groups, from the core permission matrix: `manage` adds, edits,
 * invites and removes people (people write), `admin` hands out groups and global admin (usergroups write, which
 * only admin_access holds, so nobody can grant themselves more). It only decides which controls are shown: the
 * server refuses whatever the permissions do not allow.
 */
export function usePeopleAccess() {
  const manage = useCan('people', 'write');
  const admin = useCan('usergroups', 'write');
  const cognitoUuid = useClaims().data?.['custom:cognito_uuid'] ?? null;
  return { manage, admin, cognitoUuid };
}
