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
