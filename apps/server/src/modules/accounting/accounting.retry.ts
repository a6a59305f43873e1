import { CONNECTED, SYNC_TYPES, type SyncType } from '@groundwork/core/accounting';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { accountingStatus } from './accounting.service.js';
import { type PlannedOp, push } from './accounting.sync.js';
import { accountingSyncLog } from './accounting.table.js';

/** Pushes that failed, tried again when their backoff is over (issue 23): the sweep's QuickBooks housekeeping. */
export type RetryCounts = { retried: number; synced: number; failed: number };
const isSyncType = (t: string): t is SyncType => Object.hasOwn(SYNC_TYPES, t);

/**
 * The background retry (run by the company's sweep): the records whose push failed and whose backoff is over at
 * `at` go through push again, and only they (at their current version, as push would; the admin previews and pushes
 * new records by hand). Nothing due, or QuickBooks not configured or connected: nothing happens, no call is made.
 * A due row the retry did not write (a newer version was pushed instead, or the record is no longer to be pushed,
 * e.g. already synced at its version) stops being due.
 */
async function retryDuePushes(tx: Tx, config: Config, tenant: string, at: Date): Promise<RetryCounts> {
  const counts: RetryCounts = { retried: 0, synced: 0, failed: 0 };
  // Failed rows with a backoff: those due now, and those still waiting (a newer version failed too: not yet).
  const failed = await tx
    .select({
      record_type: accountingSyncLog.record_type,
      record_id: accountingSyncLog.record_id,
      version: accountingSyncLog.version,
      due: sql<boolean>`${accountingSyncLog.next_attempt_at} <= ${at.toISOString()}`,
    })
    .from(accountingSyncLog)
    .where(
      and(eq(accountingSyncLog.tenant_uuid, tenant), eq(accountingSyncLog.status, 'failed'), isNotNull(accountingSyncLog.next_attempt_at)),
    );
  const due = failed.filter((row) => row.due);
  if (due.length === 0) return counts;
  const state = await accountingStatus(tx, config, tenant);
  if (!state.configured || !state.connected) return counts;
  const key = (row: { record_type: string; record_id: number; version: string }) => `${row.record_type}:${row.record_id}:${row.version}`;
  const records = new Set(due.map((d) => `${d.record_type}:${d.record_id}`));
  const waiting = new Set(failed.filter((row) => !row.due).map(key));
  const types = [...new Set(due.map((d) => d.record_type))].filter(isSyncType);
  const only = (op: PlannedOp) => records.has(`${op.record_type}:${op.record_id}`) && !waiting.has(key(op));
  const { message, results } = types.length ? await push(tx, config, tenant, { types }, only) : { message: CONNECTED, results: [] };
  // Not connected after all (a refused refresh flags the company), or QuickBooks unreachable: the rows stay due.
  if (message !== CONNECTED) return counts;
  const written = new Set(results.map(key));
  for (const d of due.filter((row) => !written.has(key(row)))) {
    await tx
      .update(accountingSyncLog)
      .set({ next_attempt_at: null })
      .where(
        and(
          eq(accountingSyncLog.tenant_uuid, tenant),
          eq(accountingSyncLog.record_type, d.record_type),
          eq(accountingSyncLog.record_id, d.record_id),
          eq(accountingSyncLog.version, d.version),
        ),
      );
  }
  counts.retried = results.length;
  counts.synced = results.filter((r) => r.status === 'synced').length;
  counts.failed = results.filter((r) => r.status === 'failed').length;
  return counts;
}

/** The lock one company's retry holds for its transaction, so two instances never push the same records at once. */
const retryLockKey = (tenant: string) => `qbo-push-retry:${tenant}`;

/**
 * For the company's sweep, after its own transaction: the retry in a walled transaction of its own, only when
 * QuickBooks is configured, skipped while another instance retries the company. Never throws: a failure is logged and
 * answers null, so the notification sweep and the other companies go on. Adds what it did to `report.qbo`.
 */
export async function retryDuePushesOf(
  deps: { db: Db; config?: Config; log: Pick<FastifyBaseLogger, 'error'> },
  tenant: string,
  at: Date,
  report?: { qbo?: RetryCounts },
): Promise<RetryCounts | null> {
  const config = deps.config;
  if (!config?.qbo) return null;
  try {
    const counts = await withTenant(deps.db, tenant, async (tx) => {
      const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${retryLockKey(tenant)})) as got`)) as unknown as {
        rows: { got: boolean }[];
      };
      if (!lock.rows[0]?.got) return null;
      return retryDuePushes(tx, config, tenant, at);
    });
    if (counts && report) {
      const sum = report.qbo ?? { retried: 0, synced: 0, failed: 0 };
      report.qbo = { retried: sum.retried + counts.retried, synced: sum.synced + counts.synced, failed: sum.failed + counts.failed };
    }
    return counts;
  } catch (err) {
    deps.log.error({ err, tenant }, 'QuickBooks push retry failed for a company');
    return null;
  }
}
