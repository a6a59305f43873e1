// Apart from lib/graphql.ts so the app's providers can tell a coded answer from a failure without the GraphQL client.
/** Carries the server's `extensions.code` (UNAUTHENTICATED, FORBIDDEN, …) so callers can branch on it. */
export class GraphQLRequestError extends Error {
  override readonly name = 'GraphQLRequestError';

  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
  ) {
    super(message);
  }
}
