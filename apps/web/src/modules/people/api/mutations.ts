import { graphql, request, type VariablesOf } from '../../../lib/graphql';

const createEmployeesMutation = graphql(`
  mutation CreatePeople($tenant_uuid: ID!, $data: [EmployeesInput!]!) {
    createEmployees(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

const updateEmployeesMutation = graphql(`
  mutation UpdatePeople($tenant_uuid: ID!, $data: [EmployeesUpdateInput!]!) {
    updateEmployees(tenant_uuid: $tenant_uuid, data: $data) { id status }
  }
`);

const inviteUserMutation = graphql(`
  mutation InviteUser($tenant_uuid: ID!, $id: Int!, $email: String!, $username: String) {
    inviteUser(tenant_uuid: $tenant_uuid, id: $id, email: $email, username: $username) { id email cognito_status }
  }
`);

const removeUserFromTenantMutation = graphql(`
  mutation RemoveUserFromTenant($tenant_uuid: ID!, $id: Int!) {
    removeUserFromTenant(tenant_uuid: $tenant_uuid, id: $id) { id cognito_status }
  }
`);

const createGlobalAdminMutation = graphql(`
  mutation CreateGlobalAdmin($tenant_uuid: ID!, $employees_id: Int!, $username: String) {
    createGlobalAdmin(tenant_uuid: $tenant_uuid, employees_id: $employees_id, username: $username) { id is_admin }
  }
`);

const deleteGlobalAdminMutation = graphql(`
  mutation DeleteGlobalAdmin($tenant_uuid: ID!, $employees_id: Int!, $username: String) {
    deleteGlobalAdmin(tenant_uuid: $tenant_uuid, employees_id: $employees_id, username: $username) { id is_admin }
  }
`);

const createUserGroupMutation = graphql(`
  mutation CreateUserGroup($tenant_uuid: ID!, $usergroup_name: String!, $access: [String!]!, $users: [Int!]!) {
    createUserGroup(tenant_uuid: $tenant_uuid, usergroup_name: $usergroup_name, access: $access, users: $users) { id }
  }
`);

const updateUserGroupMutation = graphql(`
  mutation UpdateUserGroup(
    $tenant_uuid: ID!
    $id: Int!
    $usergroup_name: String!
    $new_access: [String!]!
    $previous_access: [String!]!
    $new_users: [Int!]!
    $previous_users: [Int!]!
    $status: Int
  ) {
    updateUserGroup(
      tenant_uuid: $tenant_uuid
      id: $id
      usergroup_name: $usergroup_name
      new_access: $new_access
      previous_access: $previous_access
      new_users: $new_users
      previous_users: $previous_users
      status: $status
    ) { id }
  }
`);

const deleteUserGroupMutation = graphql(`
  mutation DeleteUserGroup($tenant_uuid: ID!, $id: Int!) {
    deleteUserGroup(tenant_uuid: $tenant_uuid, id: $id)
  }
`);

const updateUserGroupsForUserMutation = graphql(`
  mutation UpdateUserGroupsForUser($tenant_uuid: ID!, $employees_id: Int!, $usergroup_ids: [Int!]!) {
    updateUserGroupsForUser(tenant_uuid: $tenant_uuid, employees_id: $employees_id, usergroup_ids: $usergroup_ids) { id }
  }
`);

export type PersonInput = VariablesOf<typeof createEmployeesMutation>['data'][number];
export type PersonUpdate = VariablesOf<typeof updateEmployeesMutation>['data'][number];

export async function createPerson(tenant: string, person: PersonInput): Promise<number | undefined> {
  const data = await request(createEmployeesMutation, { tenant_uuid: tenant, data: [person] });
  return data.createEmployees[0]?.id;
}

export const updatePerson = (tenant: string, person: PersonUpdate) =>
  request(updateEmployeesMutation, { tenant_uuid: tenant, data: [person] });

export const setPersonStatus = (tenant: string, id: number, status: 0 | 1) => updatePerson(tenant, { id, status });

export const inviteUser = (tenant: string, id: number, email: string, username: string | null) =>
  request(inviteUserMutation, { tenant_uuid: tenant, id, email, username });

export const removeUserFromTenant = (tenant: string, id: number) => request(removeUserFromTenantMutation, { tenant_uuid: tenant, id });

export async function setGlobalAdmin(tenant: string, employeesId: number, username: string | null, admin: boolean): Promise<void> {
  const variables = { tenant_uuid: tenant, employees_id: employeesId, username };
  if (admin) await request(createGlobalAdminMutation, variables);
  else await request(deleteGlobalAdminMutation, variables);
}

export interface GroupDraft {
  usergroup_name: string;
  access: string[];
  users: number[];
}

export const createUserGroup = (tenant: string, draft: GroupDraft) => request(createUserGroupMutation, { tenant_uuid: tenant, ...draft });

/** `previous` is the group as it was loaded: the server refuses the change if someone changed it since. */
export function updateUserGroup(
  tenant: string,
  id: number,
  draft: GroupDraft & { status: number },
  previous: { access: readonly string[]; users: readonly number[] },
) {
  return request(updateUserGroupMutation, {
    tenant_uuid: tenant,
    id,
    usergroup_name: draft.usergroup_name,
    new_access: draft.access,
    previous_access: [...previous.access],
    new_users: draft.users,
    previous_users: [...previous.users],
    status: draft.status,
  });
}

export const deleteUserGroup = (tenant: string, id: number) => request(deleteUserGroupMutation, { tenant_uuid: tenant, id });

export const updateUserGroupsForUser = (tenant: string, employeesId: number, groupIds: number[]) =>
  request(updateUserGroupsForUserMutation, { tenant_uuid: tenant, employees_id: employeesId, usergroup_ids: groupIds });
