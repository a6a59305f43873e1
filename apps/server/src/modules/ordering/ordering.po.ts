import { randomUUID } from 'node:crypto';
import {
  formatCents,
  formatPoNumber,
  joinRecipients,
  lineTotalCents,
  ORDER_STATUS,
  ORDERING_MESSAGES,
  parseRecipients,
} from '@groundwork/core/ordering';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import type { Gated, Member } from '../../graphql/gate.js';
import { renderPdf } from '../../platform/pdf.js';
import { storageFor } from '../../platform/storage.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { files } from '../files/files.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { ackToken, ackUrl, ORDERS_SOURCE, type OrderRow, orderById } from './ordering.service.js';
import { orders, vendors } from './ordering.table.js';

// --- The PO document and its e-mail ---------------------------------------------------------------

type PoParts = {
  company: string;
  order: OrderRow;
  job: {
    job: string;
    job_abbr: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
  } | null;
  vendor: { name: string; contact_name: string | null; address: string | null; phone: string | null } | null;
  costcodes: Map<number, string>;
  ackLink: string;
};

async function poParts(tx: Tx, config: Config, tenant: string, order: OrderRow, now: Date): Promise<PoParts> {
  const [company] = await tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  const [job] = order.jobs_id
    ? await tx
        .select({ job: jobs.job, job_abbr: jobs.job_abbr, street: jobs.street, city: jobs.city, state: jobs.state, zip: jobs.zip })
        .from(jobs)
        .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.id, order.jobs_id)))
    : [];
  const [vendor] = order.vendor_id
    ? await tx
        .select({ name: vendors.name, contact_name: vendors.contact_name, address: vendors.address, phone: vendors.phone })
        .from(vendors)
        .where(and(eq(vendors.tenant_uuid, tenant), eq(vendors.id, order.vendor_id)))
    : [];
  const codeIds = [...new Set(order.lines.flatMap((l) => (l.costcodes_id ? [l.costcodes_id] : [])))];
  const codes = codeIds.length
    ? await tx
        .select({ id: costcodes.id, costcode: costcodes.costcode })
        .from(costcodes)
        .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)))
    : [];
  return {
    company: company?.company ?? '',
    order,
    job: job ?? null,
    vendor: vendor ?? null,
    costcodes: new Map(codes.map((c) => [c.id, c.costcode])),
    ackLink: ackUrl(config, ackToken(config, tenant, order.uuid, now)),
  };
}

const address = (j: PoParts['job']) =>
  j ? [j.street, [j.city, j.state].filter(Boolean).join(', '), j.zip].filter(Boolean).join(' ') || null : null;

/** The purchase order as a PDF: company, PO number, dates, job and delivery address, vendor, lines and total. */
function renderPoPdf(p: PoParts): Promise<Buffer> {
  const o = p.order;
  const deliverTo = o.delivery_address || address(p.job);
  const facts: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: 'Vendor', style: 'small' },
          { text: p.vendor?.name ?? '—', bold: true },
          ...(p.vendor?.contact_name ? [{ text: p.vendor.contact_name }] : []),
          ...(p.vendor?.address ? [{ text: p.vendor.address }] : []),
          ...(p.vendor?.phone ? [{ text: p.vendor.phone }] : []),
        ],
      },
      {
        width: '*',
        stack: [
          { text: 'Job', style: 'small' },
          { text: p.job ? [p.job.job_abbr, p.job.job].filter(Boolean).join(' · ') : '—', bold: true },
          { text: 'Deliver to', style: 'small', margin: [0, 6, 0, 0] },
          { text: deliverTo ?? '—' },
        ],
      },
      {
        width: 'auto',
        stack: [
          { text: 'Order date', style: 'small' },
          { text: o.order_date },
          { text: 'Deliver by', style: 'small', margin: [0, 6, 0, 0] },
          { text: o.deliver_date ?? '—' },
        ],
      },
    ],
    columnGap: 16,
    margin: [0, 0, 0, 16],
  };
  const body = [
    ['Item', 'Cost code', 'Qty', 'Unit', 'Unit cost', 'Total'].map((h) => ({ text: h, bold: true })),
    ...o.lines.map((l) => [
      { text: [l.description ?? '', ...(l.bundle ? [{ text: `\n(${l.bundle})`, style: 'small' }] : [])] },
      l.costcodes_id ? (p.costcodes.get(l.costcodes_id) ?? '') : '',
      { text: String(l.quantity), alignment: 'right' as const },
      l.unit ?? '',
      { text: formatCents(l.unit_cost_cents ?? 0), alignment: 'right' as const },
      { text: formatCents(lineTotalCents(l)), alignment: 'right' as const },
    ]),
    [
      { text: 'Total', bold: true, colSpan: 5 },
      '',
      '',
      '',
      '',
      { text: formatCents(o.total_cents), bold: true, alignment: 'right' as const },
    ],
  ];
  const content: Content[] = [
    facts,
    { table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'], body }, layout: 'lightHorizontalLines' },
    ...(o.notes ? [{ text: 'Notes', style: 'small', margin: [0, 16, 0, 0] } as Content, { text: o.notes }] : []),
    { text: 'Please acknowledge this order:', style: 'small', margin: [0, 16, 0, 0] },
    { text: p.ackLink, link: p.ackLink, color: '#1d4ed8', style: 'small' },
  ];
  return renderPdf({ brand: { company: p.company }, lang: 'en', title: `Purchase order ${formatPoNumber(o.po_number)}`, content });
}

function poMail(p: PoParts, sender: string | null) {
  const o = p.order;
  const po = formatPoNumber(o.po_number);
  const job = p.job ? [p.job.job_abbr, p.job.job].filter(Boolean).join(' · ') : null;
  const text = [
    `${p.company} purchase order ${po}${job ? ` for ${job}` : ''}.`,
    '',
    `Order date: ${o.order_date}${o.deliver_date ? `; deliver by ${o.deliver_date}` : ''}.`,
    `${o.lines.length} line${o.lines.length === 1 ? '' : 's'}, total ${formatCents(o.total_cents)}. The PO is attached as a PDF.`,
    ...(o.notes ? ['', o.notes] : []),
    '',
    `Please acknowledge the order here: ${p.ackLink}`,
    '',
    sender ? `${sender}, ${p.company}` : p.company,
  ].join('\n');
  return { subject: `${p.company}: purchase order ${po}`, text };
}

/** Stores the PO's PDF through the storage port as a file of the order (the previous one is retired). */
async function storePoPdf(tx: Tx, config: Config, member: Member, order: OrderRow, pdf: Buffer) {
  const uuid = randomUUID();
  const object = `${uuid}.pdf`;
  await storageFor(config).put(member.tenantUuid, object, pdf, { bytes: pdf.length, contentType: 'application/pdf' });
  await tx
    .update(files)
    .set({ status: 0, updated_on: sql`now()` })
    .where(and(eq(files.tenant_uuid, member.tenantUuid), eq(files.source_table, ORDERS_SOURCE), eq(files.source_uuid, order.uuid)));
  await tx.insert(files).values({
    tenant_uuid: member.tenantUuid,
    uuid,
    original_name: `${formatPoNumber(order.po_number)}.pdf`,
    mimetype: 'application/pdf',
    ext: 'pdf',
    employees_id: member.employeeId,
    created_by: member.employeeId,
    server_filename: object,
    source_table: ORDERS_SOURCE,
    source_uuid: order.uuid,
    bytes: pdf.length,
  });
  return { uuid, object };
}

export async function senderName(tx: Tx, member: Member): Promise<{ name: string | null; email: string | null }> {
  const [e] = await tx
    .select({ name: sql<string | null>`nullif(concat_ws(' ', ${employees.firstname}, ${employees.lastname}), '')`, email: employees.email })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, member.tenantUuid), eq(employees.id, member.employeeId)));
  return { name: e?.name ?? null, email: e?.email ?? null };
}

/**
 * Renders the PO, stores it as the order's file and queues the e-mail to its recipients once the transaction
 * commits (the mail queue's worker delivers it; nothing waits for SMTP). Records who sent it, when and to whom.
 */
export async function sendOrder(g: Gated, order: OrderRow): Promise<OrderRow> {
  const to = parseRecipients(order.to_emails);
  const cc = parseRecipients(order.cc_email);
  if (!to.emails.length) throw new AppError('VALIDATION', ORDERING_MESSAGES.noRecipients, { field: 'to_emails' });
  if (order.status !== ORDER_STATUS.active) throw new AppError('VALIDATION', ORDERING_MESSAGES.archivedOrder);
  const now = new Date();
  const parts = await poParts(g.tx, g.ctx.config, g.member.tenantUuid, order, now);
  const pdf = await renderPoPdf(parts);
  const stored = await storePoPdf(g.tx, g.ctx.config, g.member, order, pdf);
  const sender = await senderName(g.tx, g.member);
  const mail = poMail(parts, sender.name);
  const sentTo = joinRecipients([...to.emails, ...cc.emails]);
  await g.tx
    .update(orders)
    .set({
      sent_on: sql`now()`,
      sent_by: g.member.employeeId,
      sent_to: sentTo,
      send_count: sql`${orders.send_count} + 1`,
      pdf_name: `${parts.order.po_number}.pdf`,
      updated_on: sql`now()`,
    })
    .where(and(eq(orders.tenant_uuid, g.member.tenantUuid), eq(orders.id, order.id)));
  const tenant = g.member.tenantUuid;
  g.afterCommit(() =>
    g.ctx.mailer.send({
      to: to.emails.join(', '),
      cc: cc.emails.join(', ') || null,
      replyTo: sender.email,
      subject: mail.subject,
      text: mail.text,
      attachments: [
        {
          tenant_uuid: tenant,
          object: stored.object,
          filename: `PO-${String(order.po_number).padStart(4, '0')}.pdf`,
          content_type: 'application/pdf',
        },
      ],
    }),
  );
  return (await orderById(g.tx, tenant, order.id)) as OrderRow;
}
