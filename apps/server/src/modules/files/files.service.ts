import { msg } from '@groundwork/core/messages';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { files } from './files.table.js';

/**
 * Files belong to records: a receipt's photos, a daily report's pictures. A module that attaches files registers
 * who may read its records, and the file routes ask it before serving a file: a file is readable exactly when
 * its record is. An upload not yet attached (source_table null) is readable only by the person who uploaded it.
 */
export type FileSourceReader = (tx: Tx, member: Member, sourceUuids: string[]) => Promise<Set<string>>;

const sources = new Map<string, FileSourceReader>();

/** Called once at module load by each area that attaches files (`registerFileSource('receipts', …)`). */
export function registerFileSource(table: string, reader: FileSourceReader): void {
  sources.set(table, reader);
}

export function fileSourceReader(table: string): FileSourceReader | undefined {
  return sources.get(table);
}

/** What the file routes know of a file when deciding whether the caller may have it. */
export type FileAccess = {
  status: number;
  employees_id: number | null;
  source_table: string | null;
  source_uuid: string | null;
};

/**
 * Whether `member` (already checked as a member of the file's company) may read the file: an active file of a
 * record the member may read (the record's table registered its reader), or the member's own upload not yet
 * attached to any record. Anything else, a table nobody registered included, is not readable.
 */
export async function mayReadFile(tx: Tx, member: Member, file: FileAccess): Promise<boolean> {
  if (file.status !== 1) return false;
  if (!file.source_uuid) return file.employees_id === member.employeeId;
  const reader = file.source_table ? sources.get(file.source_table) : undefined;
  if (!reader) return false;
  return (await reader(tx, member, [file.source_uuid])).has(file.source_uuid);
}

/** What a list shows of a record's files. */
export type FileSummary = {
  uuid: string;
  original_name: string;
  mimetype: string;
  ext: string;
  bytes: number;
  thumbnail_base64: string | null;
};

const summaryColumns = {
  uuid: files.uuid,
  original_name: files.original_name,
  mimetype: files.mimetype,
  ext: files.ext,
  bytes: files.bytes,
  thumbnail_base64: files.thumbnail_base64,
  source_uuid: files.source_uuid,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Makes `fileUuids` the files of one record, in the caller's company: each must be the caller's own upload not
 * yet attached, or already this record's. Files of the record left out of the list are detached (status 0) and
 * so no longer shown; their bytes stay until the company's clean-up. Refuses with VALIDATION, naming nothing of
 * another person's or company's files, when any uuid is not one the caller may attach.
 */
export async function attachFiles(
  tx: Tx,
  member: Member,
  sourceTable: string,
  sourceUuid: string,
  fileUuids: readonly string[],
): Promise<void> {
  const wanted = [...new Set(fileUuids)];
  if (wanted.some((u) => typeof u !== 'string' || !UUID.test(u))) throw invalidFiles();
  if (wanted.length > 20) throw new AppError('VALIDATION', msg('files.tooManyOnRecord', { max: 20 }));
  const t = member.tenantUuid;
  if (wanted.length) {
    const usable = await tx
      .select({ uuid: files.uuid })
      .from(files)
      .where(
        and(
          eq(files.tenant_uuid, t),
          inArray(files.uuid, wanted),
          eq(files.status, 1),
          or(
            // Not yet attached (an upload may name the table it is for, never the record): the caller's own.
            and(
              isNull(files.source_uuid),
              or(isNull(files.source_table), eq(files.source_table, sourceTable)),
              eq(files.employees_id, member.employeeId),
            ),
            and(eq(files.source_table, sourceTable), eq(files.source_uuid, sourceUuid)),
          ),
        ),
      );
    if (usable.length !== wanted.length) throw invalidFiles();
    await tx
      .update(files)
      .set({ source_table: sourceTable, source_uuid: sourceUuid, updated_on: sql`now()` })
      .where(and(eq(files.tenant_uuid, t), inArray(files.uuid, wanted)));
  }
  const current = await tx
    .select({ uuid: files.uuid })
    .from(files)
    .where(and(eq(files.tenant_uuid, t), eq(files.source_table, sourceTable), eq(files.source_uuid, sourceUuid), eq(files.status, 1)));
  const dropped = current.map((r) => r.uuid).filter((u) => !wanted.includes(u));
  if (dropped.length) {
    await tx
      .update(files)
      .set({ status: 0, updated_on: sql`now()` })
      .where(and(eq(files.tenant_uuid, t), inArray(files.uuid, dropped)));
  }
}

/** The active files of each of `sourceUuids` (records of one table), in upload order. */
export async function filesOf(
  tx: Tx,
  tenantUuid: string,
  sourceTable: string,
  sourceUuids: readonly string[],
): Promise<Map<string, FileSummary[]>> {
  const out = new Map<string, FileSummary[]>();
  if (!sourceUuids.length) return out;
  const rows = await tx
    .select(summaryColumns)
    .from(files)
    .where(
      and(
        eq(files.tenant_uuid, tenantUuid),
        eq(files.source_table, sourceTable),
        inArray(files.source_uuid, [...sourceUuids]),
        eq(files.status, 1),
      ),
    )
    .orderBy(files.id);
  for (const { source_uuid, ...file } of rows) {
    if (!source_uuid) continue;
    const list = out.get(source_uuid) ?? [];
    list.push(file);
    out.set(source_uuid, list);
  }
  return out;
}

const invalidFiles = () => new AppError('VALIDATION', msg('files.couldNotAttach'));
