import type { Tx } from '../../db/client.js';
import { modules, tenantsModules, tenantsPricing } from '../modules/modules.table.js';

/** The plan every new company starts on (the free core modules). */
const CORE_PRICING_ID = 1;

/** A new company's module switches (every module on) and its starting plan. */
export async function seedCompanyDefaults(tx: Tx, tenant_uuid: string): Promise<void> {
  const catalogue = await tx.select({ id: modules.id }).from(modules);
  if (catalogue.length) {
    await tx.insert(tenantsModules).values(catalogue.map((m) => ({ tenant_uuid, modules_id: m.id, status: 1 })));
  }
  await tx.insert(tenantsPricing).values({ tenant_uuid, pricing_id: CORE_PRICING_ID, status: 1 });
}
