import { type QueryClient, useQuery } from '@tanstack/react-query';
import { GraphQLRequestError } from '../../lib/graphql';
import { appRefusalText } from '../../lib/refusals';
import * as api from './api';

/** A failed request's message when the server gave one, else the fallback. */
export const errorText = (e: unknown, fallback: string) => (e instanceof GraphQLRequestError ? appRefusalText(e) : fallback);

/** The tenant's active containers (the move pickers, the container filter and the containers tab share this query). */
export function useContainers(tenant: string) {
  return useQuery({ queryKey: ['tools', tenant, 'containers'], queryFn: () => api.toolContainers({ tenant_uuid: tenant }) });
}

type ToolPage = { items: api.Tool[]; nextToken: string | null };

/** Every tool this phone holds from the tool lists it has loaded (newest answer first), one per id. */
export function cachedTools(queryClient: QueryClient, tenant: string): api.Tool[] {
  const byId = new Map<number, api.Tool>();
  const pages = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['tools', tenant, 'list'] })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const query of pages)
    for (const tool of (query.state.data as ToolPage | undefined)?.items ?? []) if (!byId.has(tool.id)) byId.set(tool.id, tool);
  return [...byId.values()];
}

/** With no signal, a search is answered from the tools on this phone, filtered as the server would. */
export function searchCachedTools(
  tools: api.Tool[],
  filters: { search: string; container: number | ''; category: string; status: number },
): api.Tool[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return tools
    .filter((tool) => tool.status === filters.status)
    .filter((tool) => filters.container === '' || tool.container_id === filters.container)
    .filter((tool) => !filters.category || tool.category === filters.category)
    .filter((tool) => {
      const text = [tool.tool_number, tool.name, tool.serial, tool.make, tool.model].filter(Boolean).join(' ').toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => a.tool_number.localeCompare(b.tool_number));
}
