import { createHash } from 'node:crypto';
import { msg } from '@groundwork/core/messages';
import { and, eq, sql } from 'drizzle-orm';
import { type ExecutionResult, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Tx } from '../db/client.js';
import type { SessionClaims } from '../identity/session.js';
import { deviceMutations } from '../platform/device-mutations.table.js';
import { AppError } from './errors.js';

/**
 * Exactly-once changes from the offline outbox (issue 24). A phone that queued a change while offline sends it
 * with this header, the id it gave the change when the person acted (a UUID v7). The first time, the tenant gate
 * records the id in the change's own transaction (so the record and the change commit or roll back together) and
 * the answer is kept; every resend of the same content gets that first answer and writes nothing; the same id
 * with other content is refused. Reads ignore the header.
 */
export const DEVICE_MUTATION_HEADER = 'x-device-mutation-id';

export type DeviceMutation = {
  id: string;
  /** sha256 of the operation text, its name and its variables. */
  hash: string;
  /** Set once the operation is known to be one mutation: only then does the gate record it. */
  active?: boolean;
  /** Who recorded it, once the gate has (in the change's transaction). */
  claimed?: { tenantUuid: string; employeesId: number };
  /** The change's transaction committed: its answer is to be kept. */
  committed?: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ALREADY_SAVED = 'This change was already saved.';
export const OTHER_CONTENT = 'This change was already sent with different content.';

/** JSON with sorted keys, so the same variables hash the same whatever order the phone wrote them in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request's queued-change id and content hash; 'invalid' for a header that is not one UUID. */
export function deviceMutationOf(header: string | string[] | undefined, body: unknown): DeviceMutation | 'invalid' | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !UUID.test(header)) return 'invalid';
  const b = (body ?? {}) as { query?: unknown; operationName?: unknown; variables?: unknown };
  const hash = createHash('sha256')
    .update(canonical({ query: b.query ?? null, operationName: b.operationName ?? null, variables: b.variables ?? {} }))
    .digest('hex');
  return { id: header.toLowerCase(), hash };
}

/**
 * Called by the tenant gate in a change's transaction, once per request: records the id, or refuses a resend
 * (already saved, or other content under the same id). The resend of a stored answer never gets here.
 */
export async function claimDeviceMutation(tx: Tx, tenantUuid: string, employeesId: number, dm: DeviceMutation): Promise<void> {
  const inserted = await tx
    .insert(deviceMutations)
    .values({ tenant_uuid: tenantUuid, employees_id: employeesId, id: dm.id, payload_hash: dm.hash })
    .onConflictDoNothing()
    .returning({ id: deviceMutations.id });
  if (inserted.length === 0) {
    const [prior] = await tx
      .select({ hash: deviceMutations.payload_hash })
      .from(deviceMutations)
      .where(
        and(eq(deviceMutations.tenant_uuid, tenantUuid), eq(deviceMutations.employees_id, employeesId), eq(deviceMutations.id, dm.id)),
      );
    throw prior && prior.hash !== dm.hash
      ? new AppError('CONFLICT', msg('common.otherContent'), { reason: 'DEVICE_ID_REUSED' })
      : new AppError('CONFLICT', msg('common.alreadySaved'), { reason: 'ALREADY_APPLIED' });
  }
  dm.claimed = { tenantUuid, employeesId };
}

/** What the plugin needs of the request's context (graphql/context.ts), without importing it. */
type DeviceCtx = {
  deviceMutation?: DeviceMutation | 'invalid' | null;
  session: SessionClaims | null;
  gate: {
    run<T>(
      identity: string,
      tenantUuid: string,
      fn: (tx: Tx, member: { employeeId: number }) => Promise<T>,
      readOnly?: boolean,
    ): Promise<T>;
  };
};

const stop = (error: AppError): ExecutionResult => ({ errors: [error] });

/** The answer as it is kept: data, and each error as the client saw it (unknown errors masked, as Yoga masks them). */
function keptAnswer(result: ExecutionResult): unknown {
  return JSON.parse(
    JSON.stringify({
      data: result.data ?? null,
      ...(result.errors?.length
        ? {
            errors: result.errors.map((e) =>
              typeof e.extensions?.code === 'string' && e.extensions.code !== 'INTERNAL_SERVER_ERROR'
                ? { message: e.message, path: e.path, extensions: e.extensions }
                : {
                    message: 'Unexpected error.',
                    path: e.path,
                    extensions: { code: 'INTERNAL_SERVER_ERROR', message_key: 'common.unexpected', message_values: {} },
                  },
            ),
          }
        : {}),
    }),
  );
}

/** The Yoga side: answers a resend from the kept answer before anything runs, and keeps the first answer. */
export function deviceMutationsPlugin(): Plugin {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as unknown as DeviceCtx;
      const dm = ctx.deviceMutation;
      if (!dm) return;
      const op = getOperationAST(args.document, args.operationName ?? undefined);
      if (op?.operation !== 'mutation') return;
      if (dm === 'invalid') {
        setResultAndStopExecution(stop(new AppError('VALIDATION', msg('common.deviceHeader', { header: DEVICE_MUTATION_HEADER }))));
        return;
      }
      if (op.selectionSet.selections.length !== 1) {
        setResultAndStopExecution(stop(new AppError('VALIDATION', msg('common.singleOperation'))));
        return;
      }
      const { session } = ctx;
      if (!session?.tid) return; // the gate answers as it does without the header
      let prior: { hash: string; result: unknown } | undefined;
      try {
        prior = await ctx.gate.run(
          session.sub,
          session.tid,
          async (tx, member) =>
            (
              await tx
                .select({ hash: deviceMutations.payload_hash, result: deviceMutations.result })
                .from(deviceMutations)
                .where(
                  and(
                    eq(deviceMutations.tenant_uuid, session.tid as string),
                    eq(deviceMutations.employees_id, member.employeeId),
                    eq(deviceMutations.id, dm.id),
                  ),
                )
            )[0],
          true,
        );
      } catch {
        return; // not a member (any more): the operation's own gate says so
      }
      if (prior && prior.hash !== dm.hash) {
        setResultAndStopExecution(stop(new AppError('CONFLICT', msg('common.otherContent'), { reason: 'DEVICE_ID_REUSED' })));
        return;
      }
      if (prior?.result) {
        setResultAndStopExecution(prior.result as ExecutionResult);
        return;
      }
      dm.active = true;
      return {
        async onExecuteDone({ result }) {
          const claimed = dm.claimed;
          if (!claimed || !dm.committed || !result || Symbol.asyncIterator in (result as object)) return;
          const answer = keptAnswer(result as ExecutionResult);
          await ctx.gate.run(session.sub, claimed.tenantUuid, (tx) =>
            tx
              .update(deviceMutations)
              .set({ result: sql`${JSON.stringify(answer)}::jsonb` })
              .where(
                and(
                  eq(deviceMutations.tenant_uuid, claimed.tenantUuid),
                  eq(deviceMutations.employees_id, claimed.employeesId),
                  eq(deviceMutations.id, dm.id),
                ),
              ),
          );
        },
      };
    },
  };
}

/** How long a queued change's id and answer are kept: longer than any phone stays offline with a full outbox. */
const DEVICE_MUTATION_DAYS = 30;

/** The company's sweep forgets ids and answers older than that (a resend that late is a new change). */
export async function forgetOldDeviceMutations(tx: Tx, tenantUuid: string, at: Date): Promise<number> {
  const before = new Date(at.getTime() - DEVICE_MUTATION_DAYS * 86_400_000).toISOString();
  const gone = await tx
    .delete(deviceMutations)
    .where(and(eq(deviceMutations.tenant_uuid, tenantUuid), sql`${deviceMutations.created_on} < ${before}`))
    .returning({ id: deviceMutations.id });
  return gone.length;
}
