import { print } from '@0no-co/graphql.web';
import type { TadaDocumentNode } from 'gql.tada';
import { GraphQLRequestError } from '../graphql-error';
import { type DrainOptions, drain } from './drain';
import { discard, enqueue, outboxDb } from './outbox';

/** What a field action gives back: the server's answer, or that it waits on this phone for the signal. */
export type Queued<Result> = { queued: false; data: Result } | { queued: true; id: string };

export type FieldAction<Result, Variables> = {
  /** Whose action it is: the signed-in identity. */
  owner: string;
  tenant: string;
  kind: string;
  /** What the person did, in their words, for the pending list. */
  label: string;
  document: TadaDocumentNode<Result, Variables>;
  variables: Variables;
  /** Photos taken with it (compressed: compress-photo.ts), uploaded just before it is sent; their uuids go into the list at `filesPath`. */
  files?: { name: string; blob: Blob }[];
  sourceTable?: string;
  filesPath?: string[];
  /** Each photo goes into that list as this object with its uuid; without it, as the bare uuid. */
  filesItem?: Record<string, unknown>;
};

/**
 * A field action (issue 24), online or not, goes through the outbox: it is stored on the phone first, then sent
 * at once behind anything older still waiting. With signal, the caller gets the server's answer (and a refusal
 * as a GraphQLRequestError, as from `request`; the person sees it there, so it is not kept). Without, it gets
 * `queued` and the action goes when the signal returns, exactly once.
 */
export async function sendFieldAction<Result, Variables>(
  action: FieldAction<Result, Variables>,
  opts: DrainOptions = {},
): Promise<Queued<Result>> {
  const item = await enqueue({
    owner: action.owner,
    tenant_uuid: action.tenant,
    kind: action.kind,
    label: action.label,
    query: print(action.document),
    variables: action.variables as Record<string, unknown>,
    ...(action.files?.length
      ? { files: action.files, source_table: action.sourceTable, files_path: action.filesPath, files_item: action.filesItem }
      : {}),
  });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { queued: true, id: item.id };
  // A drain already under way may have listed the queue before this action: then a second one takes it.
  for (let round = 0; round < 2; round++) {
    const report = await drain(action.owner, opts);
    const after = await outboxDb().items.get(item.id);
    if (after?.status === 'sent') return { queued: false, data: after.result as Result };
    if (after?.status === 'refused') {
      await discard(action.owner, item.id);
      throw new GraphQLRequestError(after.error ?? 'Refused.', after.error_code, 200, after.error_detail);
    }
    if (report.stopped) break;
  }
  return { queued: true, id: item.id };
}
