import { print } from '@0no-co/graphql.web';
import { initGraphQLTada, type TadaDocumentNode } from 'gql.tada';
import { earlyReadKey, takeEarlyRead } from './early-reads';
import type { introspection } from './graphql-env.d.ts';
import { GraphQLRequestError, refusalDetail } from './graphql-error';

export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { ID: string };
}>();

export type { ResultOf, VariablesOf } from 'gql.tada';

export { GraphQLRequestError } from './graphql-error';

interface GraphQLResponse<Result> {
  data?: Result | null;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
}

// Operations without variables take no second argument; the rest require it.
type VariablesArgs<Variables> = Record<string, never> extends Variables ? [variables?: Variables] : [variables: Variables];

export async function request<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  ...[variables]: VariablesArgs<Variables>
): Promise<Result> {
  // A read the page's first script asked already (lib/early-reads.ts) is answered from there.
  const name = document.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;
  const early = name ? takeEarlyRead(earlyReadKey(name, variables as Record<string, unknown> | undefined)) : null;
  const response =
    (early && (await early)) ??
    (await fetch('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
      },
      body: JSON.stringify({ query: print(document), variables }),
    }));

  // GraphQL-over-HTTP servers answer errors with non-2xx statuses and a JSON body, so read the body first.
  const body = (await response.json().catch(() => null)) as GraphQLResponse<Result> | null;
  const first = body?.errors?.[0];
  if (first) {
    const code = typeof first.extensions?.code === 'string' ? first.extensions.code : undefined;
    throw new GraphQLRequestError(first.message, code, response.status, refusalDetail(first.extensions));
  }
  if (!response.ok || !body?.data) {
    throw new GraphQLRequestError(`Request failed with status ${response.status}`, undefined, response.status);
  }
  return body.data;
}
