import { msg } from '@groundwork/core/messages';
import { accessTo } from '@groundwork/core/permissions';
import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import type { Member } from '../../graphql/gate.js';
import { extendRows, pageOf } from '../../graphql/paging.js';
import { selectPrepared } from '../../graphql/prepared.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { type FileSummary, filesOf, registerFileSource } from '../files/files.service.js';
import { jobs } from '../jobs/jobs.table.js';
import { receiptSplits, receipts } from './receipts.table.js';

/** The files service's source_table for a receipt's photos and PDFs. */
export const RECEIPTS_SOURCE = 'receipts';

export type ReceiptSplitRow = { id: number; receipts_id: number; jobs_id: number; costcodes_id: number | null; amount_cents: number };

/** A receipt as the Receipt type answers it: the row, the names a list shows, its files and its splits. */
export type ReceiptView = {
  id: number;
  uuid: string;
  receipt_date: string;
  status: number;
  employees_id: number;
  jobs_id: number | null;
  costcodes_id: number | null;
  vendor: string | null;
  amount_cents: number;
  tax_cents: number | null;
  payment_method: string | null;
  notes: string | null;
  employee_name: string | null;
  job_label: string | null;
  created_on: string;
  updated_on: string;
  files: FileSummary[];
  splits: ReceiptSplitRow[];
};

/** What a request asked for beyond the row: files and splits cost a query each per page, so only when selected. */
/** What a query asks of a receipt: its files, its split lines, and its fields (null or absent: all of them). */
export type Wanted = { files: boolean; splits: boolean; fields?: ReadonlySet<string> | null };

const viewColumns = {
  id: receipts.id,
  uuid: receipts.uuid,
  receipt_date: receipts.receipt_date,
  status: receipts.status,
  employees_id: receipts.employees_id,
  jobs_id: receipts.jobs_id,
  costcodes_id: receipts.costcodes_id,
  vendor: receipts.vendor,
  amount_cents: receipts.amount_cents,
  tax_cents: receipts.tax_cents,
  payment_method: receipts.payment_method,
  notes: receipts.notes,
  created_on: receipts.created_on,
  updated_on: receipts.updated_on,
  // "First Last", as the people list shows a person.
  employee_name: sql<string | null>`nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), '')`,
  // The jobs list's label: "ABBR · Job" when the job has an abbreviation, else its name.
  job_label: sql<
    string | null
  >`case when nullif(trim(${jobs.job_abbr}), '') is null then ${jobs.job} else ${jobs.job_abbr} || ' · ' || ${jobs.job} end`,
};

type ViewRow = Omit<ReceiptView, 'files' | 'splits'>;

/** The receipt keys every read needs: the page's cursor (date, id) and the files' source (uuid). */
const ALWAYS_READ = new Set(['id', 'uuid', 'receipt_date']);

/** The columns a page asks for (all without a selection): no notes, times or names read and sent for nothing. */
function columnsFor(fields: ReadonlySet<string> | null | undefined): Partial<typeof viewColumns> {
  if (!fields) return viewColumns;
  return Object.fromEntries(Object.entries(viewColumns).filter(([name]) => ALWAYS_READ.has(name) || fields.has(name)));
}

const joined = (tx: Tx, columns: Partial<typeof viewColumns> = viewColumns) =>
  tx
    .select(columns)
    .from(receipts)
    .leftJoin(employees, and(eq(employees.tenant_uuid, receipts.tenant_uuid), eq(employees.id, receipts.employees_id)))
    .leftJoin(jobs, and(eq(jobs.tenant_uuid, receipts.tenant_uuid), eq(jobs.id, receipts.jobs_id)));

/** Files and splits for a page of receipts: one query each, whatever the page's size. */
async function complete(tx: Tx, tenant: string, rows: ViewRow[], wanted: Wanted): Promise<ReceiptView[]> {
  if (rows.length === 0) return [];
  const files = wanted.files
    ? await filesOf(
        tx,
        tenant,
        RECEIPTS_SOURCE,
        rows.map((r) => r.uuid),
      )
    : new Map<string, FileSummary[]>();
  const splits = new Map<number, ReceiptSplitRow[]>();
  if (wanted.splits) {
    const lines = await tx
      .select({
        id: receiptSplits.id,
        receipts_id: receiptSplits.receipts_id,
        jobs_id: receiptSplits.jobs_id,
        costcodes_id: receiptSplits.costcodes_id,
        amount_cents: receiptSplits.amount_cents,
      })
      .from(receiptSplits)
      .where(
        and(
          eq(receiptSplits.tenant_uuid, tenant),
          inArray(
            receiptSplits.receipts_id,
            rows.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(receiptSplits.id));
    for (const line of lines) splits.set(line.receipts_id, [...(splits.get(line.receipts_id) ?? []), line]);
  }
  return extendRows(rows, (r) => ({ files: files.get(r.uuid) ?? [], splits: splits.get(r.id) ?? [] }));
}

/** The receipts `ids` of the company that `ownerOnly` (if given) owns, in the order of `ids`. */
export async function receiptsByIds(
  tx: Tx,
  tenant: string,
  ids: readonly number[],
  wanted: Wanted,
  ownerOnly?: number,
): Promise<ReceiptView[]> {
  if (ids.length === 0) return [];
  const rows = await joined(tx).where(
    and(
      eq(receipts.tenant_uuid, tenant),
      inArray(receipts.id, [...ids]),
      ownerOnly === undefined ? undefined : eq(receipts.employees_id, ownerOnly),
    ),
  );
  const byId = new Map((await complete(tx, tenant, rows as ViewRow[], wanted)).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type SearchFilters = {
  employees_id?: number | null;
  jobs_id?: number | null;
  from?: string | null;
  to?: string | null;
  /** 1 active (the default); any other value: archived. */
  status?: number | null;
  limit: number;
  after?: { receipt_date: string; id: number } | null;
};

/**
 * One page of the company's receipts, newest receipt_date first (then newest id): one statement for the rows
 * with the person's and job's names (prepared per filter shape), then one each for files and splits. A job
 * filter also finds receipts split onto the job.
 */
export async function searchReceiptRows(
  tx: Tx,
  tenant: string,
  f: SearchFilters,
  wanted: Wanted,
): Promise<{ items: ReceiptView[]; last: ViewRow | null; more: boolean }> {
  const p = sql.placeholder;
  const active = (f.status ?? 1) === 1;
  const has = { person: f.employees_id != null, job: f.jobs_id != null, from: f.from != null, to: f.to != null, after: f.after != null };
  // The limit is written into the statement, not bound: with a bound limit PostgreSQL's generic plan cannot
  // tell a page from the whole company and may sort every receipt instead of walking the date index.
  const take = Math.trunc(f.limit) + 1;
  const columns = columnsFor(wanted.fields);
  const shape = `searchReceipts|${Object.keys(columns).join(',')}|${take}|${active ? 'active' : 'archived'}|${Object.entries(has)
    .filter(([, on]) => on)
    .map(([k]) => k)
    .join(',')}`;
  const rows = await selectPrepared<ViewRow>(
    tx,
    shape,
    () => {
      const where: (SQL | undefined)[] = [
        eq(receipts.tenant_uuid, p('tenant')),
        active ? eq(receipts.status, 1) : ne(receipts.status, 1),
        has.person ? eq(receipts.employees_id, p('person')) : undefined,
        // The job's own receipts and those split onto it, each found by its index (an OR would scan the company's).
        has.job
          ? sql`${receipts.id} in (select j.id from ${receipts} j where j.tenant_uuid = ${p('tenant')} and j.jobs_id = ${p('job')}
              union all select s.receipts_id from ${receiptSplits} s where s.tenant_uuid = ${p('tenant')} and s.jobs_id = ${p('job')})`
          : undefined,
        has.from ? gte(receipts.receipt_date, sql`cast(${p('from')} as date)`) : undefined,
        has.to ? lte(receipts.receipt_date, sql`cast(${p('to')} as date)`) : undefined,
        has.after
          ? sql`(${receipts.receipt_date}, ${receipts.id}) < (cast(${p('afterDate')} as date), cast(${p('afterId')} as integer))`
          : undefined,
      ];
      return joined(tx, columns)
        .where(and(...where))
        .orderBy(desc(receipts.receipt_date), desc(receipts.id))
        .limit(take) as never;
    },
    {
      tenant,
      person: f.employees_id,
      job: f.jobs_id,
      from: f.from,
      to: f.to,
      afterDate: f.after?.receipt_date,
      afterId: f.after?.id,
    },
  );
  const { items, more, last } = pageOf(rows, f.limit);
  return { items: await complete(tx, tenant, items, wanted), last, more };
}

/**
 * The jobs and cost codes a receipt books to, and its person, must be the company's own (a deleted job is
 * not offered): VALIDATION naming the field otherwise, so another company's ids read as mere mistakes.
 */
export async function checkReferences(
  tx: Tx,
  tenant: string,
  refs: { personId: number | null; jobs: { id: number; field: string }[]; codes: { id: number; field: string }[] },
): Promise<void> {
  if (refs.personId !== null) {
    const [person] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, refs.personId)));
    if (!person) throw new AppError('VALIDATION', msg('receipts.person'), { field: 'employees_id' });
  }
  const jobIds = [...new Set(refs.jobs.map((j) => j.id))];
  if (jobIds.length) {
    const found = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, jobIds), ne(jobs.status, 0)));
    const ok = new Set(found.map((j) => j.id));
    const bad = refs.jobs.find((j) => !ok.has(j.id));
    if (bad) throw new AppError('VALIDATION', msg('receipts.job'), { field: bad.field });
  }
  const codeIds = [...new Set(refs.codes.map((c) => c.id))];
  if (codeIds.length) {
    const found = await tx
      .select({ id: costcodes.id })
      .from(costcodes)
      .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)));
    const ok = new Set(found.map((c) => c.id));
    const bad = refs.codes.find((c) => !ok.has(c.id));
    if (bad) throw new AppError('VALIDATION', msg('receipts.costcode'), { field: bad.field });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A receipt's files are readable exactly by who may read the receipt: receipts admins (and admin_access) any of
 * the company's, receipts_basic only their own; nobody while the module is off.
 */
async function readableReceipts(tx: Tx, member: Member, sourceUuids: string[]): Promise<Set<string>> {
  const access = accessTo(member.permissions, 'receipts', 'read', member.off);
  const wanted = [...new Set(sourceUuids.filter((u) => typeof u === 'string' && UUID.test(u)))];
  if (!access || wanted.length === 0) return new Set();
  const rows = await tx
    .select({ uuid: receipts.uuid })
    .from(receipts)
    .where(
      and(
        eq(receipts.tenant_uuid, member.tenantUuid),
        inArray(receipts.uuid, wanted),
        access === 'own' ? eq(receipts.employees_id, member.employeeId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.uuid));
}

registerFileSource(RECEIPTS_SOURCE, readableReceipts);
