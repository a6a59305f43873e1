import { builder } from '../../graphql/builder.js';
import { pageRef } from '../../graphql/paging.js';
import { fileSummaryRef } from '../files/files.refs.js';
import type { ReceiptSplitRow, ReceiptView } from './receipts.service.js';

const ReceiptFileRef = fileSummaryRef('ReceiptFile');

const ReceiptSplitRef = builder.objectRef<ReceiptSplitRow>('ReceiptSplit').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    jobs_id: t.exposeInt('jobs_id'),
    costcodes_id: t.exposeInt('costcodes_id', { nullable: true }),
    amount_cents: t.exposeInt('amount_cents'),
  }),
});

export const ReceiptRef = builder.objectRef<ReceiptView>('Receipt').implement({
  description: 'A receipt with the names a list shows, its files and its split lines. Money is integer cents.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeID('uuid'),
    receipt_date: t.exposeString('receipt_date'),
    status: t.exposeInt('status', { description: '1 active; anything else archived.' }),
    employees_id: t.exposeInt('employees_id'),
    jobs_id: t.exposeInt('jobs_id', { nullable: true }),
    costcodes_id: t.exposeInt('costcodes_id', { nullable: true }),
    vendor: t.exposeString('vendor', { nullable: true }),
    amount_cents: t.exposeInt('amount_cents'),
    tax_cents: t.exposeInt('tax_cents', { nullable: true }),
    payment_method: t.exposeString('payment_method', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    employee_name: t.exposeString('employee_name', { nullable: true, description: 'The name of employees_id, as First Last.' }),
    job_label: t.exposeString('job_label', { nullable: true, description: 'The job as the jobs list shows it.' }),
    files: t.field({ type: [ReceiptFileRef], resolve: (r) => r.files }),
    splits: t.field({
      type: [ReceiptSplitRef],
      description: 'Empty: the whole amount is on jobs_id/costcodes_id.',
      resolve: (r) => r.splits,
    }),
    created_on: t.exposeString('created_on'),
    updated_on: t.exposeString('updated_on'),
  }),
});

export const ReceiptConnectionRef = pageRef('ReceiptConnection', ReceiptRef);
