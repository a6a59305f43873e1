import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { containers } from './tools.table.js';

/** The name a company's headquarters container starts with; admins may rename it. */
const HQ_NAME = 'HQ';

/**
 * A company's headquarters container (issue 16: exactly one per company, created with the company). Called where
 * companies are created (createTenant, the demo seed); also on first use for companies made before tools existed
 * or by test factories. The partial unique index containers_one_hq_idx keeps it to one even under races.
 */
export async function createHqContainer(tx: Tx, tenant: string): Promise<number> {
  const [found] = await tx
    .select({ id: containers.id })
    .from(containers)
    .where(and(eq(containers.tenant_uuid, tenant), eq(containers.hq, true)));
  if (found) return found.id;
  await tx.insert(containers).values({ tenant_uuid: tenant, container_name: HQ_NAME, hq: true }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: containers.id })
    .from(containers)
    .where(and(eq(containers.tenant_uuid, tenant), eq(containers.hq, true)));
  return row.id;
}
