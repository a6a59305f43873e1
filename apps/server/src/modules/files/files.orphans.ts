import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { every } from '../../platform/every.js';
import type { Storage } from '../../platform/storage.js';

/** An object younger than this may be an upload whose row is being written, or a PDF whose mail is being queued. */
const ORPHAN_MINUTES = 60;

const LEADING_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * The orphan sweep (issue 50): removes a company's stored objects that nothing points to, left by a crash between
 * an upload's store and its row (or a rolled-back PDF). An object is kept when a files row has its name (or its
 * leading uuid, for a derived object), when a mail in the outbox attaches it (a daily report's PDF waiting to be
 * sent), or when it was written less than `olderThanMinutes` ago. Answers the names it removed.
 */
export async function sweepOrphanFiles(opts: {
  db: Db;
  storage: Storage;
  tenantUuid: string;
  now?: Date;
  olderThanMinutes?: number;
}): Promise<string[]> {
  const { db, storage, tenantUuid } = opts;
  const names = await storage.list(tenantUuid);
  if (!names.length) return [];
  const rows = await withTenant(db, tenantUuid, async (tx) => {
    const result = (await tx.execute(
      sql`select uuid::text as uuid, server_filename from files where tenant_uuid = ${tenantUuid}`,
    )) as unknown as { rows: { uuid: string; server_filename: string }[] };
    return result.rows;
  });
  const attached = (await db.execute(sql`
    select a->>'object' as object from outbox, jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) a
    where a->>'tenant_uuid' = ${tenantUuid}`)) as unknown as { rows: { object: string }[] };
  const used = new Set<string>([...rows.map((r) => r.server_filename), ...attached.rows.map((r) => r.object)]);
  const uuids = new Set(rows.map((r) => r.uuid));
  const before = (opts.now ?? new Date()).getTime() - (opts.olderThanMinutes ?? ORPHAN_MINUTES) * 60_000;
  const removed: string[] = [];
  for (const name of names) {
    if (used.has(name) || uuids.has(name.match(LEADING_UUID)?.[0] ?? '')) continue;
    const modified = await storage.modified(tenantUuid, name);
    if (!modified || modified.getTime() > before) continue;
    // Checked again just before it goes: an upload that wrote its row since the list keeps its file.
    const row = await withTenant(db, tenantUuid, async (tx) => {
      const result = (await tx.execute(
        sql`select 1 from files where tenant_uuid = ${tenantUuid} and server_filename = ${name}`,
      )) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    });
    if (row) continue;
    await storage.delete(tenantUuid, name);
    removed.push(name);
  }
  return removed;
}

/** How often every company's orphans are swept on an instance (and first, this long after it starts). */
const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60_000;
const FIRST_SWEEP_AFTER_MS = 10 * 60_000;

/**
 * Sweeps every company's orphan objects every `intervalMs` (never two runs at once on this instance); one company's
 * failure is logged and the rest still run. Several instances may sweep the same company: removing a removed object
 * is no error, and the row check just before each removal holds for all of them. stop() waits for a run in progress.
 */
export function startOrphanSweeps(
  deps: {
    db: Db;
    storage: Storage;
    companies: () => Promise<string[]>;
    log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
    now?: () => Date;
  },
  opts: { intervalMs?: number; firstAfterMs?: number } = {},
): { stop(): Promise<void> } {
  return every(
    { intervalMs: opts.intervalMs ?? ORPHAN_SWEEP_INTERVAL_MS, firstAfterMs: opts.firstAfterMs ?? FIRST_SWEEP_AFTER_MS },
    async () => {
      for (const tenantUuid of await deps.companies()) {
        try {
          const removed = await sweepOrphanFiles({ db: deps.db, storage: deps.storage, tenantUuid, now: deps.now?.() });
          if (removed.length) deps.log.info({ tenant_uuid: tenantUuid, removed: removed.length }, 'removed orphan files');
        } catch (err) {
          deps.log.error({ err, tenant_uuid: tenantUuid }, 'orphan file sweep failed for a company');
        }
      }
    },
    (err) => deps.log.error({ err }, 'orphan file sweep failed'),
  );
}
