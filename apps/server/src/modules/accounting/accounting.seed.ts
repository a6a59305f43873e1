import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { accountingConnections, accountingMappings, accountingSyncLog } from './accounting.table.js';

/**
 * The demo company's accounting history: once linked to a QuickBooks sandbox, then disconnected by an admin, so
 * nothing is connected (no tokens) and connecting a real company starts the mapping afresh (another realm). A few
 * people and jobs keep their old links and the sync log shows what was pushed, one record with its error.
 */
export async function seedDemoAccounting(tx: Tx, tenant_uuid: string, personIds: number[], jobIds: number[]): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  await tx.insert(accountingConnections).values({ tenant_uuid, mapped_realm_id: 'demo-sandbox', qbo_disconnected: false });
  const people = personIds.slice(3, 6).map((local_id, i) => ({
    tenant_uuid,
    kind: 'person',
    local_id,
    remote_id: String(55 + i),
    remote_name: null,
  }));
  const jobs = jobIds
    .slice(0, 2)
    .map((local_id, i) => ({ tenant_uuid, kind: 'job', local_id, remote_id: String(12 + i), remote_name: null }));
  if (people.length + jobs.length) await tx.insert(accountingMappings).values([...people, ...jobs]);
  const entries = await tx
    .select({ id: timecardEntries.id, updated_on: timecardEntries.updated_on })
    .from(timecardEntries)
    .where(eq(timecardEntries.tenant_uuid, tenant_uuid))
    .orderBy(timecardEntries.id)
    .limit(4);
  if (!entries.length) return;
  await tx.insert(accountingSyncLog).values(
    entries.map((e, i) => {
      const failed = i === entries.length - 1;
      return {
        tenant_uuid,
        record_type: 'timecard_entry',
        record_id: e.id,
        version: new Date(e.updated_on).toISOString(),
        entity: 'TimeActivity',
        action: 'create',
        status: failed ? 'failed' : 'synced',
        remote_id: failed ? null : String(300 + i),
        summary: `Time card entry #${e.id}`,
        error: failed ? 'Link this person to a QuickBooks employee first.' : null,
        attempts: 1,
        synced_on: new Date(Date.now() - (5 - i) * day).toISOString(),
      };
    }),
  );
}
