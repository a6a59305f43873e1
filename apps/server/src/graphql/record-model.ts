import type { Area } from '@groundwork/core/permissions';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../db/client.js';
import type { Row } from '../platform/realtime.js';
import type { Member } from './gate.js';

/** What a module declares to get the generic record operations (graphql/record-operations.ts). */
export type RecordModel = {
  /** The spec's model name; operations are list<name>, get<name>, create<name>… */
  name: string;
  /** The GraphQL object type's name. */
  typeName: string;
  table: PgTable;
  /** The area of the permission matrix (packages/core/src/permissions.ts) whose rules apply. */
  area: Area;
  /**
   * The table's employees_id owns each row: members whose access to the area is 'own' (spec §6) see and
   * add only their own rows. Without it, 'own' access reaches nothing here.
   */
  ownRecords?: boolean;
  /** Writes change who may do what (status, admin flag, groups): the tenant's cached members are dropped. */
  changesAccess?: boolean;
  /** The only columns members who may read but not write the area receive; the others read as null. */
  readerColumns?: readonly string[];
  /** Ascending, non-null sort keys; id is always appended so the order is total and the cursor stable. */
  orderBy?: () => SQL[];
  /** Columns a client may never write. id, tenant_uuid, created_on and updated_on never are. */
  readOnly?: string[];
  /** Rules the column types cannot express; field names are the columns'. */
  validate?: z.ZodType<Record<string, unknown>>;
  /**
   * Delete becomes an update of this column to this value: the row stays (spec: job soft delete), and
   * from then on every operation treats it as gone.
   */
  softDelete?: { column: string; value: unknown };
  /**
   * Rules that need the stored rows (e.g. the last admin of a company), run in the write's transaction
   * before the write (create: id null); throw an AppError to refuse the whole batch.
   */
  beforeWrite?: (
    tx: Tx,
    member: Member,
    action: 'create' | 'update' | 'delete',
    changes: { id: number | null; patch: Row | null }[],
    /** The request's clock reading, for rules that depend on the date. */
    now: Date,
  ) => Promise<void>;
};

/** A model's beforeWrite rule, for modules that keep their rules apart from the wiring. */
export type BeforeWrite = NonNullable<RecordModel['beforeWrite']>;
