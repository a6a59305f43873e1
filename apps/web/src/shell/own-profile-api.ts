import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request, type VariablesOf } from '../lib/graphql';

// The signed-in person's own record in the chosen company: the shell reads it (name, theme) on every page, so it
// lives here; the profile module re-exports it from its public api.

const getEmployeeViaCognitoQuery = graphql(`
  query GetEmployeeViaCognito($tenant_uuid: ID!, $cognito_uuid: String!) {
    getEmployeeViaCognito(tenant_uuid: $tenant_uuid, cognito_uuid: $cognito_uuid) {
      id
      username
      firstname
      lastname
      email
      cellphone
      street
      street2
      city
      state
      zip
      birthdate
      trades
      app_theme
    }
  }
`);

const updateEmployeeUserInfoMutation = graphql(`
  mutation UpdateEmployeeUserInfo($tenant_uuid: ID!, $cognito_uuid: String!, $employee: EmployeeUserInfoInput!) {
    updateEmployeeUserInfo(tenant_uuid: $tenant_uuid, cognito_uuid: $cognito_uuid, employee: $employee) {
      id
      username
      firstname
      lastname
      email
      cellphone
      street
      street2
      city
      state
      zip
      birthdate
      trades
      app_theme
    }
  }
`);

export type Profile = NonNullable<ResultOf<typeof getEmployeeViaCognitoQuery>['getEmployeeViaCognito']>;
export type ProfileInput = VariablesOf<typeof updateEmployeeUserInfoMutation>['employee'];

/** Everything about the signed-in person's own record in one company starts with ['profile', tenant]. */
export const profileKeys = {
  all: (tenant: string) => ['profile', tenant] as const,
  own: (tenant: string, cognitoUuid: string) => ['profile', tenant, cognitoUuid] as const,
};

export const profileQueryOptions = (tenant: string, cognitoUuid: string) =>
  queryOptions({
    queryKey: profileKeys.own(tenant, cognitoUuid),
    queryFn: async () =>
      (await request(getEmployeeViaCognitoQuery, { tenant_uuid: tenant, cognito_uuid: cognitoUuid })).getEmployeeViaCognito,
  });

export async function updateProfile(tenant: string, cognitoUuid: string, employee: ProfileInput) {
  return (await request(updateEmployeeUserInfoMutation, { tenant_uuid: tenant, cognito_uuid: cognitoUuid, employee }))
    .updateEmployeeUserInfo;
}
