import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { timecardSystemConnections, timecardSystemImports, timecardSystemMappings } from './timecard-system.table.js';

/**
 * The demo company's QuickBooks Time history: once connected, then disconnected by an admin (no tokens), so nothing
 * is connected. A few users and jobcodes keep their links, and a few time entries show as imported from it.
 */
export async function seedDemoTimecardSystem(tx: Tx, tenant_uuid: string, personIds: number[], jobIds: number[]): Promise<void> {
  await tx.insert(timecardSystemConnections).values({ tenant_uuid, mapped_company_id: 'demo-qbt' });
  const users = personIds.slice(3, 6).map((local_id, i) => ({ tenant_uuid, kind: 'user', remote_id: String(4100 + i), local_id }));
  const codes = jobIds.slice(0, 2).map((local_id, i) => ({ tenant_uuid, kind: 'jobcode', remote_id: String(7200 + i), local_id }));
  if (users.length + codes.length) await tx.insert(timecardSystemMappings).values([...users, ...codes]);
  const entries = await tx
    .select()
    .from(timecardEntries)
    .where(eq(timecardEntries.tenant_uuid, tenant_uuid))
    .orderBy(timecardEntries.id)
    .limit(3);
  if (!entries.length) return;
  await tx.insert(timecardSystemImports).values(
    entries.map((e, i) => ({
      tenant_uuid,
      remote_id: String(990_000 + i),
      timecard_entries_id: e.id,
      employees_id: e.employees_id,
      jobs_id: e.jobs_id,
      timecard_date: e.timecard_date,
      hours: e.hours,
    })),
  );
}
