import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/**
 * Runs `fn` in a transaction that can see only one tenant's rows: the tenant is set for the
 * transaction and the role drops to app_user, so row-level security applies even to a query
 * that forgot its tenant filter.
 */
export function withTenant<T>(db: Db, tenantUuid: string, fn: (tx: Tx) => Promise<T>, opts: { readOnly?: boolean } = {}): Promise<T> {
  const done = db.transaction(async (tx) => {
    // One round trip: setting the role GUC for the transaction is what SET LOCAL ROLE does.
    await tx.execute(sql`select set_config('app.tenant_uuid', ${tenantUuid}, true), set_config('role', 'app_user', true)`);
    return fn(tx as unknown as Tx);
  });
  if (opts.readOnly || writeEnded.size === 0) return done;
  // Committed, rolled back, or unknown (the connection dropped during COMMIT): any of them may have changed rows.
  const ended = () => {
    for (const listener of writeEnded) listener(tenantUuid);
  };
  return done.finally(ended);
}

const writeEnded = new Set<(tenantUuid: string) => void>();

/**
 * Calls `listener` each time a company's transaction that may write ends on this instance (graphql/shared-reads.ts:
 * reads in flight before it are not shared after it). Returns the unsubscribe.
 */
export function onTenantWriteEnded(listener: (tenantUuid: string) => void): () => void {
  writeEnded.add(listener);
  return () => writeEnded.delete(listener);
}

/**
 * Runs `fn` as app_identity (app_user's rights, plus the identity_* policies, migration 0040) with no tenant set and
 * only an identity: it sees that identity's own membership rows and their companies, which is what choosing a company
 * needs. The policies belong to app_identity alone, so a company's reads as app_user never carry them.
 */
export function withIdentity<T>(db: Db, identity: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.identity', ${identity}, true), set_config('role', 'app_identity', true)`);
    return fn(tx as unknown as Tx);
  });
}
