import { atField, atRecord, fromText, msg } from '@groundwork/core/messages';
import { accessTo } from '@groundwork/core/permissions';
import { isReceiptDate, receiptRecordSchema, receiptSaveSchema, splitsProblem } from '@groundwork/core/receipts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { type Gated, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { checkLimit, decodeToken, encodeToken } from '../../graphql/paging.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import { type RecordEvent, type Row, recordTopic } from '../../platform/realtime.js';
import { attachFiles } from '../files/files.service.js';
import { checkReferences, RECEIPTS_SOURCE, receiptsByIds, searchReceiptRows, type Wanted } from './receipts.service.js';
import { receiptSplits, receipts } from './receipts.table.js';
import { ReceiptConnectionRef, ReceiptRef } from './receipts.types.js';

/**
 * Receipts (spec §2 /modules/receipts): receipts_admin and admin_access see, change, archive and delete
 * everyone's; receipts_basic adds receipts for themselves and sees only their own (spec §6 "receipts_basic can
 * also add"). A basic member cannot change a receipt once added, not even their own: an admin corrects it.
 */

const MODEL = 'Receipts';
const SEARCH_DEFAULT_LIMIT = 50;
const SEARCH_MAX_LIMIT = 200;
const MAX_IDS = 1000;

// --- Generic record operations (spec §7): listReceipts, getReceipts, createReceipts… ---------------------

defineRecordOperations({
  name: MODEL,
  // 'Receipt' is the richer type of searchReceipts and saveReceipt (names, files, splits).
  typeName: 'ReceiptRecord',
  table: receipts,
  area: 'receipts',
  ownRecords: true,
  orderBy: () => [sql`${receipts.receipt_date}`],
  readOnly: ['created_by'],
  validate: receiptRecordSchema,
  async beforeWrite(tx, member, action, changes) {
    const tenant = member.tenantUuid;
    if (action === 'create') {
      for (const c of changes) if (c.patch) c.patch.created_by = member.employeeId;
      return;
    }
    const ids = changes.flatMap((c) => (c.id === null ? [] : [c.id]));
    if (action === 'delete') {
      // A deleted receipt's files are detached (no longer shown); their bytes go with the company's clean-up.
      const rows = await tx
        .select({ uuid: receipts.uuid })
        .from(receipts)
        .where(and(eq(receipts.tenant_uuid, tenant), inArray(receipts.id, ids)));
      for (const r of rows) await attachFiles(tx, member, RECEIPTS_SOURCE, r.uuid, []);
      return;
    }
    // A new total on a split receipt must still be what its lines add up to.
    const newTotals = changes.filter((c) => typeof c.patch?.amount_cents === 'number');
    if (newTotals.length === 0) return;
    const lines = await tx
      .select({ receipts_id: receiptSplits.receipts_id, amount_cents: receiptSplits.amount_cents })
      .from(receiptSplits)
      .where(
        and(
          eq(receiptSplits.tenant_uuid, tenant),
          inArray(
            receiptSplits.receipts_id,
            newTotals.map((c) => c.id as number),
          ),
        ),
      );
    for (const [index, c] of changes.entries()) {
      if (typeof c.patch?.amount_cents !== 'number') continue;
      const own = lines.filter((l) => l.receipts_id === c.id);
      const problem = splitsProblem(c.patch.amount_cents, own);
      if (problem) throw new AppError('VALIDATION', atRecord(index, fromText(problem.message)), { index, field: 'amount_cents' });
    }
  },
});

type SplitInput = { jobs_id: number; costcodes_id?: number | null; amount_cents: number };
const ReceiptSplitInputRef = builder.inputRef<SplitInput>('ReceiptSplitInput').implement({
  fields: (t) => ({
    jobs_id: t.int({ required: true }),
    costcodes_id: t.int({ required: false }),
    amount_cents: t.int({ required: true }),
  }),
});

type SaveInput = {
  id?: number | null;
  receipt_date: string;
  jobs_id?: number | null;
  costcodes_id?: number | null;
  vendor?: string | null;
  amount_cents: number;
  tax_cents?: number | null;
  payment_method?: string | null;
  notes?: string | null;
  employees_id?: number | null;
  file_uuids: string[];
  splits?: SplitInput[] | null;
};
const ReceiptSaveInputRef = builder.inputRef<SaveInput>('ReceiptSaveInput').implement({
  fields: (t) => ({
    id: t.int({ required: false, description: 'Absent: add a receipt.' }),
    receipt_date: t.string({ required: true }),
    jobs_id: t.int({ required: false }),
    costcodes_id: t.int({ required: false }),
    vendor: t.string({ required: false }),
    amount_cents: t.int({ required: true }),
    tax_cents: t.int({ required: false }),
    payment_method: t.string({ required: false }),
    notes: t.string({ required: false }),
    employees_id: t.int({
      required: false,
      description: 'Absent: the caller when adding, the stored person when updating; only admins may name another person.',
    }),
    file_uuids: t.idList({ required: true, description: "The receipt's files, all of them: files left out are detached." }),
    splits: t.field({
      type: [ReceiptSplitInputRef],
      required: false,
      description: 'The split lines, all of them (absent or empty: no split).',
    }),
  }),
});

// --- Helpers --------------------------------------------------------------------------------------

/** What the query selected of a Receipt (fragments: everything). */
function wantedOf(info: GraphQLResolveInfo, underItems: boolean): Wanted {
  const fields = selectedColumns(info, underItems);
  return { files: !fields || fields.has('files'), splits: !fields || fields.has('splits'), fields };
}

/** A page token: the last receipt's date and id. */
const isReceiptKey = (v: unknown): v is [string, number] =>
  Array.isArray(v) && v.length === 2 && isReceiptDate(v[0]) && Number.isInteger(v[1]) && v[1] > 0 && v[1] < 2 ** 31;

function checkDateArg(value: string | null | undefined, field: string) {
  if (value != null && !isReceiptDate(value)) throw new AppError('VALIDATION', atField(field, msg('receipts.invalidDate')), { field });
}

const mayWrite = (g: Gated) => accessTo(g.member.permissions, 'receipts', 'write', g.member.off) === 'all';

/** Generic subscribers (onCreateReceipts…) hear of saveReceipt and archive changes too, once committed. */
function publish(g: Gated, event: RecordEvent, rows: Row[]) {
  const topic = recordTopic(MODEL, event, g.member.tenantUuid);
  g.afterCommit(() => {
    for (const row of rows) g.ctx.realtime.publish(topic, row);
  });
}

function checkIds(ids: readonly number[]) {
  if (ids.length === 0) throw new AppError('VALIDATION', msg('receipts.atLeastOne'));
  if (ids.length > MAX_IDS) throw new AppError('VALIDATION', msg('receipts.tooMany', { max: MAX_IDS }));
}

// --- Queries --------------------------------------------------------------------------------------

tenantQuery(
  'searchReceipts',
  { area: 'receipts', action: 'read' },
  {
    type: ReceiptConnectionRef,
    description:
      "The company's receipts, newest receipt_date first, filtered by person, job (its own or a split line's), " +
      'date range and status (absent: active; 1 active, any other value archived). receipts_basic members get only ' +
      'their own, whatever employees_id says.',
    args: (t) => ({
      employees_id: t.int({ required: false }),
      jobs_id: t.int({ required: false }),
      from: t.string({ required: false }),
      to: t.string({ required: false }),
      status: t.int({ required: false }),
      limit: t.int({ required: false }),
      nextToken: t.string({ required: false }),
    }),
    resolve: async (args, g, info) => {
      const limit = args.limit ?? SEARCH_DEFAULT_LIMIT;
      checkLimit(limit, SEARCH_MAX_LIMIT);
      checkDateArg(args.from, 'from');
      checkDateArg(args.to, 'to');
      const key = args.nextToken ? decodeToken(args.nextToken, isReceiptKey) : null;
      const after = key ? { receipt_date: key[0], id: key[1] } : null;
      const { items, last, more } = await searchReceiptRows(
        g.tx,
        g.member.tenantUuid,
        {
          employees_id: g.access === 'own' ? g.member.employeeId : args.employees_id,
          jobs_id: args.jobs_id,
          from: args.from,
          to: args.to,
          status: args.status,
          limit,
          after,
        },
        wantedOf(info, true),
      );
      return { items, nextToken: more && last ? encodeToken([last.receipt_date, last.id]) : null };
    },
  },
);

tenantQuery(
  'getReceipt',
  { area: 'receipts', action: 'read' },
  {
    type: ReceiptRef,
    nullable: true,
    description: 'One receipt, or null when it is not there or not the caller to see (receipts_basic: only their own).',
    args: (t) => ({ id: t.int({ required: true }) }),
    resolve: async ({ id }, g, info) => {
      const owner = g.access === 'own' ? g.member.employeeId : undefined;
      const [found] = await receiptsByIds(g.tx, g.member.tenantUuid, [id], wantedOf(info, false), owner);
      return found ?? null;
    },
  },
);

// --- Mutations ------------------------------------------------------------------------------------

tenantMutation(
  'saveReceipt',
  { area: 'receipts', action: 'create' },
  {
    type: ReceiptRef,
    description:
      'Adds a receipt (no id) or changes one (id; admins only), with its files and split lines, in one transaction. ' +
      'receipts_basic members add only their own receipts and cannot change them afterwards.',
    args: (arg) => ({ receipt: arg({ type: ReceiptSaveInputRef, required: true }) }),
    resolve: async ({ receipt }, g, info) => {
      const { tx, member } = g;
      const tenant = member.tenantUuid;
      const admin = mayWrite(g);
      if (receipt.id != null && !admin) throw forbidden();
      if (!admin && receipt.employees_id != null && receipt.employees_id !== member.employeeId) throw forbidden();
      const parsed = receiptSaveSchema.safeParse(receipt);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue.path.join('.');
        throw new AppError('VALIDATION', fromText(issue.message), { field });
      }
      const input = parsed.data;
      const stored =
        input.id != null
          ? (
              await tx
                .select({ id: receipts.id, uuid: receipts.uuid, employees_id: receipts.employees_id })
                .from(receipts)
                .where(and(eq(receipts.tenant_uuid, tenant), eq(receipts.id, input.id)))
                .for('update')
            )[0]
          : undefined;
      if (input.id != null && !stored) throw notFound(msg('receipts.notFound'));
      const owner = input.employees_id ?? stored?.employees_id ?? member.employeeId;
      const splits = input.splits ?? [];
      await checkReferences(tx, tenant, {
        personId: owner === member.employeeId || owner === stored?.employees_id ? null : owner,
        jobs: [
          ...(input.jobs_id != null ? [{ id: input.jobs_id, field: 'jobs_id' }] : []),
          ...splits.map((s, i) => ({ id: s.jobs_id, field: `splits.${i}.jobs_id` })),
        ],
        codes: [
          ...(input.costcodes_id != null ? [{ id: input.costcodes_id, field: 'costcodes_id' }] : []),
          ...splits.flatMap((s, i) => (s.costcodes_id != null ? [{ id: s.costcodes_id, field: `splits.${i}.costcodes_id` }] : [])),
        ],
      });
      const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
      const values = {
        receipt_date: input.receipt_date,
        employees_id: owner,
        jobs_id: input.jobs_id ?? null,
        costcodes_id: input.costcodes_id ?? null,
        vendor: blankToNull(input.vendor),
        amount_cents: input.amount_cents,
        tax_cents: input.tax_cents ?? null,
        payment_method: input.payment_method ?? null,
        notes: blankToNull(input.notes),
      };
      const [row] = stored
        ? await tx
            .update(receipts)
            .set({ ...values, updated_on: sql`now()` })
            .where(and(eq(receipts.tenant_uuid, tenant), eq(receipts.id, stored.id)))
            .returning()
        : await tx
            .insert(receipts)
            .values({ ...values, tenant_uuid: tenant, created_by: member.employeeId })
            .returning();
      if (stored) await tx.delete(receiptSplits).where(and(eq(receiptSplits.tenant_uuid, tenant), eq(receiptSplits.receipts_id, row.id)));
      if (splits.length) {
        await tx.insert(receiptSplits).values(
          splits.map((s) => ({
            tenant_uuid: tenant,
            receipts_id: row.id,
            jobs_id: s.jobs_id,
            costcodes_id: s.costcodes_id ?? null,
            amount_cents: s.amount_cents,
          })),
        );
      }
      await attachFiles(tx, member, RECEIPTS_SOURCE, row.uuid, input.file_uuids);
      publish(g, stored ? 'update' : 'create', [row]);
      const [view] = await receiptsByIds(tx, tenant, [row.id], wantedOf(info, false));
      return view;
    },
  },
);

function archiveOperation(name: string, status: 0 | 1, description: string) {
  tenantMutation(
    name,
    { area: 'receipts', action: 'write' },
    {
      type: [ReceiptRef],
      description,
      args: (arg) => ({ ids: arg.intList({ required: true }) }),
      resolve: async ({ ids }, g, info) => {
        checkIds(ids);
        const unique = [...new Set(ids)];
        const tenant = g.member.tenantUuid;
        const rows = await g.tx
          .update(receipts)
          .set({ status, updated_on: sql`now()` })
          .where(and(eq(receipts.tenant_uuid, tenant), inArray(receipts.id, unique)))
          .returning();
        if (rows.length !== unique.length) throw notFound(msg('receipts.notFound'));
        publish(g, 'update', rows);
        return receiptsByIds(g.tx, tenant, unique, wantedOf(info, false));
      },
    },
  );
}

archiveOperation('archiveReceipts', 0, 'Archives receipts (status 0); admins only. All or nothing: an id not found refuses the call.');
archiveOperation('unarchiveReceipts', 1, 'Restores archived receipts (status 1); admins only. All or nothing.');
