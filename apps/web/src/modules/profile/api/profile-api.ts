import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, request } from '../../../lib/graphql';
import { type ProfileInput, profileKeys, updateProfile } from '../../../shell/own-profile-api';

export {
  type Profile,
  type ProfileInput,
  profileQueryOptions,
} from '../../../shell/own-profile-api';

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

const profileStaticDataQuery = graphql(`
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

const myLanguageQuery = graphql(`
  query MyLanguage($tenant_uuid: ID!) {
    myLanguage(tenant_uuid: $tenant_uuid)
  }
`);

const saveLanguageMutation = graphql(`
  mutation SaveLanguage($tenant_uuid: ID!, $cognito_uuid: String!, $language: String!) {
    updateEmployeeUserInfo(tenant_uuid: $tenant_uuid, cognito_uuid: $cognito_uuid, employee: { language: $language }) {
      id
    }
  }
`);

/** The person's language as the server keeps it (what its notifications, e-mails and PDFs are written in), or null. */
export const fetchServerLanguage = async (tenant: string) => (await request(myLanguageQuery, { tenant_uuid: tenant })).myLanguage;

/** Saves the person's language on the server: theirs in every company. */
export async function saveServerLanguage(tenant: string, cognitoUuid: string, language: string): Promise<void> {
  await request(saveLanguageMutation, { tenant_uuid: tenant, cognito_uuid: cognitoUuid, language });
}
