import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/**
 * Runs `fn` in a transaction that can see only one tenant's rows: the tenant is set for the
 * transaction and the role drops to app_user, so row-level security applies even to a query
 * that forgot its tenant filter.
 */
export function withTenant<T>(db: Db, tenantUuid: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: setting the role GUC for the transaction is what SET LOCAL ROLE does.
    await tx.execute(sql`select set_config('app.tenant_uuid', ${tenantUuid}, true), set_config('role', 'app_user', true)`);
    return fn(tx as unknown as Tx);
  });
}

/**
 * Runs `fn` as app_user with no tenant set and only an identity: it sees that identity's own
 * membership rows and their companies (the identity_* policies), which is what choosing a company needs.
 */
export function withIdentity<T>(db: Db, identity: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.identity', ${identity}, true), set_config('role', 'app_user', true)`);
    return fn(tx as unknown as Tx);
  });
}
