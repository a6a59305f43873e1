import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, type ResultOf, request, type VariablesOf } from '../../../lib/graphql';

export const getEmployeeViaCognitoQuery = graphql(`
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

export const updateEmployeeUserInfoMutation = graphql(`
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

export const submitIssueMutation = graphql(`
  mutation SubmitIssue(
    $tenant_uuid: ID!
    $user_name: String!
    $user_email: String!
    $subject: String!
    $description: String!
    $attached_files: [String!]
  ) {
    submitIssue(
      tenant_uuid: $tenant_uuid
      user_name: $user_name
      user_email: $user_email
      subject: $subject
      description: $description
      attached_files: $attached_files
    )
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

/** updateEmployeeUserInfo; the cached profile takes the server's answer. */
export function useUpdateProfile(tenant: string, cognitoUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (employee: ProfileInput) => updateProfile(tenant, cognitoUuid, employee),
    onSuccess: (profile) => {
      if (profile) queryClient.setQueryData(profileKeys.own(tenant, cognitoUuid), profile);
    },
  });
}

export const profileStaticDataQuery = graphql(`
  query ProfileStaticData {
    listStaticData {
      trades
    }
  }
`);

/** The trades to suggest in the edit dialog; the same for every company, so kept for the session. */
export const profileStaticDataQueryOptions = () =>
  queryOptions({
    queryKey: ['static-data', 'profile'] as const,
    queryFn: async () => (await request(profileStaticDataQuery)).listStaticData,
    staleTime: Number.POSITIVE_INFINITY,
  });
