import { useQuery } from '@tanstack/react-query';
import { GraphQLRequestError } from '../../lib/graphql';
import * as api from './api';

/** A failed request's message when the server gave one, else the fallback. */
export const errorText = (e: unknown, fallback: string) => (e instanceof GraphQLRequestError ? e.message : fallback);

/** The tenant's active containers (the move pickers, the container filter and the containers tab share this query). */
export function useContainers(tenant: string) {
  return useQuery({ queryKey: ['tools', tenant, 'containers'], queryFn: () => api.toolContainers({ tenant_uuid: tenant }) });
}
