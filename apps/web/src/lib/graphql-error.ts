// Apart from lib/graphql.ts so the app's providers can tell a coded answer from a failure without the GraphQL client.

/** What a refusal says besides its English (issue 46): its message key and values, and what it is about. */
export interface RefusalDetail {
  /** `extensions.message_key`: a key of the `errors` namespace (core messages.ts). */
  key?: string;
  /** `extensions.message_values`: the key's `{{placeholders}}`. */
  values?: Readonly<Record<string, string | number>>;
  /** `extensions.field`: the input field it is about. */
  field?: string;
  /** `extensions.index`: the record of a batch it is about (0-based). */
  index?: number;
}

/** Carries the server's `extensions.code` (UNAUTHENTICATED, FORBIDDEN, …) so callers can branch on it. */
export class GraphQLRequestError extends Error {
  override readonly name = 'GraphQLRequestError';
  readonly key: string | undefined;
  readonly values: Readonly<Record<string, string | number>>;
  readonly field: string | undefined;
  readonly index: number | undefined;

  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
    detail: RefusalDetail = {},
  ) {
    super(message);
    this.key = detail.key;
    this.values = detail.values ?? {};
    this.field = detail.field;
    this.index = detail.index;
  }
}

const isValues = (v: unknown): v is Record<string, string | number> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');

/** The refusal detail of a GraphQL error's `extensions`, as the server sends it. */
export function refusalDetail(extensions: Record<string, unknown> | undefined): RefusalDetail {
  const e = extensions ?? {};
  return {
    ...(typeof e.message_key === 'string' ? { key: e.message_key } : {}),
    ...(isValues(e.message_values) ? { values: e.message_values } : {}),
    ...(typeof e.field === 'string' && e.field ? { field: e.field } : {}),
    ...(typeof e.index === 'number' ? { index: e.index } : {}),
  };
}
