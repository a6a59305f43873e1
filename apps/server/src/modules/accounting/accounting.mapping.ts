import {
  CONNECTED,
  ACCOUNTING_MESSAGES as M,
  MAPPING_KINDS,
  type MapPayload,
  type MappingKind,
  mappingKinds,
  suggestRemote,
} from '@groundwork/core/accounting';
import { fromText } from '@groundwork/core/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobsOf, type Named, peopleOf } from '../integrations/integrations.mapping.js';
import { items, vendors } from '../ordering/ordering.table.js';
import type { QboApi, QboEntity } from './accounting.qbo.js';
import { withApi } from './accounting.service.js';
import { accountingMappings } from './accounting.table.js';

/** The mapping screen's data: our records beside QuickBooks' entities, with suggestions by name (issue 23). */
// --- Mapping ------------------------------------------------------------------------------------------------------

export async function localsOf(tx: Tx, tenant: string, kind: MappingKind): Promise<Named[]> {
  switch (kind) {
    case 'person':
      return peopleOf(tx, tenant);
    case 'job':
      return jobsOf(tx, tenant);
    case 'costcode':
      return (
        await tx
          .select({ id: costcodes.id, code: costcodes.costcode, description: costcodes.description })
          .from(costcodes)
          .where(and(eq(costcodes.tenant_uuid, tenant), eq(costcodes.status, 1)))
          .orderBy(costcodes.costcode)
      ).map((r) => ({ id: r.id, name: r.description ? `${r.code} ${r.description}` : r.code }));
    case 'vendor':
      return tx
        .select({ id: vendors.id, name: vendors.name })
        .from(vendors)
        .where(and(eq(vendors.tenant_uuid, tenant), eq(vendors.status, 1)))
        .orderBy(vendors.name);
    case 'item':
      return tx
        .select({ id: items.id, name: items.item })
        .from(items)
        .where(and(eq(items.tenant_uuid, tenant), eq(items.status, 1)))
        .orderBy(items.item);
  }
}

const remoteName = (e: QboEntity) => String(e.DisplayName ?? e.FullyQualifiedName ?? e.Name ?? e.Id);

async function remotesOf(api: QboApi, kind: MappingKind): Promise<{ id: string; name: string }[]> {
  const where = kind === 'costcode' ? "Type = 'Service'" : '';
  const rows = await api.query(MAPPING_KINDS[kind], where);
  return rows.filter((r) => r.Active !== false).map((r) => ({ id: String(r.Id), name: remoteName(r) }));
}

export async function mappingsOf(tx: Tx, tenant: string) {
  const rows = await tx.select().from(accountingMappings).where(eq(accountingMappings.tenant_uuid, tenant));
  const byKind = new Map<string, Map<number, { remote_id: string; remote_name: string | null }>>();
  for (const r of rows) {
    if (!byKind.has(r.kind)) byKind.set(r.kind, new Map());
    byKind.get(r.kind)?.set(r.local_id, { remote_id: r.remote_id, remote_name: r.remote_name });
  }
  return (kind: MappingKind) => byKind.get(kind) ?? new Map();
}

export async function mapping(tx: Tx, config: Config, tenant: string) {
  const linked = await mappingsOf(tx, tenant);
  const result = await withApi(tx, config, tenant, async (api) => {
    const kinds = [];
    for (const kind of mappingKinds) {
      const remotes = await remotesOf(api, kind);
      const locals = (await localsOf(tx, tenant, kind)).map((local) => {
        const link = linked(kind).get(local.id);
        return {
          id: local.id,
          name: local.name,
          remote_id: link?.remote_id ?? null,
          remote_name: link?.remote_name ?? null,
          suggestion: link ? null : suggestRemote(local.name, remotes),
        };
      });
      kinds.push({ kind, entity: MAPPING_KINDS[kind], locals, remotes });
    }
    return { kinds };
  });
  return 'message' in result ? { message: result.message, kinds: [] } : { message: CONNECTED, ...result };
}

export async function map(tx: Tx, tenant: string, p: MapPayload) {
  const exists = (await localsOf(tx, tenant, p.kind)).some((l) => l.id === p.local_id);
  if (!exists) throw new AppError('NOT_FOUND', fromText(M.unknownRecord));
  if (p.remote_id === null) {
    await tx
      .delete(accountingMappings)
      .where(
        and(eq(accountingMappings.tenant_uuid, tenant), eq(accountingMappings.kind, p.kind), eq(accountingMappings.local_id, p.local_id)),
      );
  } else {
    const set = { remote_id: p.remote_id, remote_name: p.remote_name ?? null };
    await tx
      .insert(accountingMappings)
      .values({ tenant_uuid: tenant, kind: p.kind, local_id: p.local_id, ...set })
      .onConflictDoUpdate({
        target: [accountingMappings.tenant_uuid, accountingMappings.kind, accountingMappings.local_id],
        set: { ...set, updated_on: sql`now()` },
      });
  }
  return { kind: p.kind, local_id: p.local_id, remote_id: p.remote_id };
}
