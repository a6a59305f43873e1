import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatus, auditColumns, recordUuid, tenantKeyColumns } from '../../db/columns.js';
import { tenantCascade, tenantPrimaryKey, tenantRef } from '../../db/tenant-keys.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';

/**
 * Spec §3 Receipt: what someone paid for the company, owned by employees_id (spec §6 own records). Money is
 * integer cents. Its photos and PDFs are files with source_table 'receipts' and source_uuid this uuid.
 */
export const receipts = pgTable(
  'receipts',
  {
    ...tenantKeyColumns(),
    uuid: recordUuid(),
    receipt_date: date('receipt_date', { mode: 'string' }).notNull(),
    // 1 active; anything else archived (spec §4 archive pattern).
    status: activeStatus(),
    employees_id: integer('employees_id').notNull(),
    jobs_id: integer('jobs_id'),
    costcodes_id: integer('costcodes_id'),
    vendor: text('vendor'),
    amount_cents: integer('amount_cents').notNull(),
    tax_cents: integer('tax_cents'),
    payment_method: text('payment_method'),
    notes: text('notes'),
    created_by: integer('created_by'),
    ...auditColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantCascade(t),
    tenantRef(t, t.employees_id, employees),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.costcodes_id, costcodes),
    uniqueIndex('receipts_tenant_uuid_idx').on(t.tenant_uuid, t.uuid),
    // The list: newest first, for everyone, one person, or one job. Ascending on purpose: scanned backwards they
    // serve `order by receipt_date desc, id desc` (DESC NULLS FIRST) and its keyset condition; drizzle's .desc()
    // would make DESC NULLS LAST, which that order cannot use (a seq scan and sort of the company's receipts).
    index('receipts_tenant_date_idx').on(t.tenant_uuid, t.receipt_date, t.id),
    index('receipts_tenant_person_date_idx').on(t.tenant_uuid, t.employees_id, t.receipt_date, t.id),
    index('receipts_tenant_job_date_idx').on(t.tenant_uuid, t.jobs_id, t.receipt_date, t.id),
    // The dashboard's "receipts to review": active ones still without a job or a cost code, counted without a scan.
    index('receipts_uncoded_idx').on(t.tenant_uuid).where(sql`${t.status} = 1 and (${t.jobs_id} is null or ${t.costcodes_id} is null)`),
    check('receipts_amounts_check', sql`${t.amount_cents} >= 0 and (${t.tax_cents} is null or ${t.tax_cents} >= 0)`),
  ],
);

/** A receipt's amount split across jobs and cost codes; the lines add up to the receipt's amount_cents. */
export const receiptSplits = pgTable(
  'receipt_splits',
  {
    ...tenantKeyColumns(),
    receipts_id: integer('receipts_id').notNull(),
    jobs_id: integer('jobs_id').notNull(),
    costcodes_id: integer('costcodes_id'),
    amount_cents: integer('amount_cents').notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantRef(t, t.receipts_id, receipts).onDelete('cascade'),
    tenantRef(t, t.jobs_id, jobs),
    tenantRef(t, t.costcodes_id, costcodes),
    index('receipt_splits_receipt_idx').on(t.tenant_uuid, t.receipts_id),
    // A job's receipts include those split onto it.
    index('receipt_splits_job_idx').on(t.tenant_uuid, t.jobs_id, t.receipts_id),
    check('receipt_splits_amount_check', sql`${t.amount_cents} > 0`),
  ],
);
