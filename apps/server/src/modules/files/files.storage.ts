import { type Message, msg } from '@groundwork/core/messages';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { storageFor } from '../../platform/storage.js';
import { files } from './files.table.js';

// The first key of the two-key advisory lock that serializes one company's uploads (the second is the company's hash).
const UPLOAD_LOCK = 7_271;

/** What the company's stored files add up to, every status included: an archived file still takes its room. */
export async function storedBytes(tx: Tx, tenantUuid: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${files.bytes}), 0)` })
    .from(files)
    .where(eq(files.tenant_uuid, tenantUuid));
  return Number(row?.total ?? 0);
}

/**
 * In the transaction that records an upload of `bytes`: takes the company's upload lock (held until the
 * transaction ends, so two uploads cannot both fit in the last of the room) and answers whether the file fits
 * in the quota beside what is stored.
 */
export async function fitsQuota(tx: Tx, tenantUuid: string, bytes: number, quotaBytes: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}, hashtext(${tenantUuid}))`);
  return (await storedBytes(tx, tenantUuid)) + bytes <= quotaBytes;
}

/** The refusal's message, in plain words with the quota in the units people use. */
export function quotaMessage(quotaBytes: number): Message {
  return msg('files.quotaFull', { quota: formatBytes(quotaBytes) });
}

export function formatBytes(bytes: number): string {
  const units: [string, number][] = [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * Removes a deleted company's files from storage (its folder, or its prefix in the bucket). Called once the
 * deletion has committed: a rollback must never leave rows pointing at files that are gone.
 */
export async function removeTenantFiles(config: Config, tenantUuid: string): Promise<void> {
  await storageFor(config).deletePrefix(tenantUuid);
}
