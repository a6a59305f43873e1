import { randomUUID } from 'node:crypto';
import { msg } from '@groundwork/core/messages';
import { formatPoNumber, joinRecipients, lineTotalCents, ORDER_STATUS, parseRecipients } from '@groundwork/core/ordering';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import type { Gated, Member } from '../../graphql/gate.js';
import { renderPdf } from '../../platform/pdf.js';
import { storageFor } from '../../platform/storage.js';
import {
  authored,
  formatDate,
  formatMoney,
  formatNumber,
  joined,
  type Language,
  type PlainKey,
  plain,
  tCount,
  t as text,
} from '../../platform/texts.js';
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

/**
 * The purchase order as a PDF: company, PO number, dates, job and delivery address, vendor, lines and total, in
 * `lang` (the sender's), dates and money formatted for it.
 */
function renderPoPdf(p: PoParts, lang: Language): Promise<Buffer> {
  const o = p.order;
  const label = (key: PlainKey) => plain(lang, key);
  const deliverTo = o.delivery_address || address(p.job);
  const facts: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: label('po.vendor'), style: 'small' },
          { text: p.vendor?.name ?? '—', bold: true },
          ...(p.vendor?.contact_name ? [{ text: p.vendor.contact_name }] : []),
          ...(p.vendor?.address ? [{ text: p.vendor.address }] : []),
          ...(p.vendor?.phone ? [{ text: p.vendor.phone }] : []),
        ],
      },
      {
        width: '*',
        stack: [
          { text: label('po.job'), style: 'small' },
          { text: p.job ? [p.job.job_abbr, p.job.job].filter(Boolean).join(' · ') : '—', bold: true },
          { text: label('po.deliver_to'), style: 'small', margin: [0, 6, 0, 0] },
          { text: deliverTo ?? '—' },
        ],
      },
      {
        width: 'auto',
        stack: [
          { text: label('po.order_date'), style: 'small' },
          { text: formatDate(lang, o.order_date) },
          { text: label('po.deliver_by'), style: 'small', margin: [0, 6, 0, 0] },
          { text: o.deliver_date ? formatDate(lang, o.deliver_date) : '—' },
        ],
      },
    ],
    columnGap: 16,
    margin: [0, 0, 0, 16],
  };
  const body = [
    (['po.item', 'po.costcode', 'po.quantity', 'po.unit', 'po.unit_cost', 'po.total'] as const).map((h) => ({
      text: label(h),
      bold: true,
    })),
    ...o.lines.map((l) => [
      { text: [l.description ?? '', ...(l.bundle ? [{ text: `\n(${l.bundle})`, style: 'small' }] : [])] },
      l.costcodes_id ? (p.costcodes.get(l.costcodes_id) ?? '') : '',
      { text: formatNumber(lang, l.quantity, 4), alignment: 'right' as const },
      l.unit ?? '',
      { text: formatMoney(lang, l.unit_cost_cents ?? 0), alignment: 'right' as const },
      { text: formatMoney(lang, lineTotalCents(l)), alignment: 'right' as const },
    ]),
    [
      { text: label('po.total'), bold: true, colSpan: 5 },
      '',
      '',
      '',
      '',
      { text: formatMoney(lang, o.total_cents), bold: true, alignment: 'right' as const },
    ],
  ];
  const content: Content[] = [
    facts,
    { table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'], body }, layout: 'lightHorizontalLines' },
    ...(o.notes ? [{ text: label('po.notes'), style: 'small', margin: [0, 16, 0, 0] } as Content, { text: o.notes }] : []),
    { text: label('po.acknowledge'), style: 'small', margin: [0, 16, 0, 0] },
    { text: p.ackLink, link: p.ackLink, color: '#1d4ed8', style: 'small' },
  ];
  return renderPdf({ brand: { company: p.company }, lang, title: text(lang, 'po.title', { po: formatPoNumber(o.po_number) }), content });
}

/** The PO's e-mail to the vendor, in `lang` (the sender's). */
function poMail(p: PoParts, sender: string | null, lang: Language) {
  const o = p.order;
  const po = formatPoNumber(o.po_number);
  const job = p.job ? [p.job.job_abbr, p.job.job].filter(Boolean).join(' · ') : null;
  const date = { date: o.order_date };
  const blank = authored('');
  const body = joined(
    [
      job ? text(lang, 'po.mail_intro_job', { company: p.company, po, job }) : text(lang, 'po.mail_intro', { company: p.company, po }),
      blank,
      o.deliver_date
        ? text(lang, 'po.mail_dates_deliver', { date, deliver: { date: o.deliver_date } })
        : text(lang, 'po.mail_dates', { date }),
      tCount(lang, 'po.mail_lines', o.lines.length, { total: { cents: o.total_cents } }),
      // The orderer's own notes, as they wrote them.
      ...(o.notes ? [blank, authored(o.notes)] : []),
      blank,
      text(lang, 'po.mail_ack', { link: p.ackLink }),
      blank,
      sender ? text(lang, 'mail.signature', { sender, company: p.company }) : authored(p.company),
    ],
    '\n',
  );
  return { subject: text(lang, 'po.mail_subject', { company: p.company, po }), text: body };
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
  if (!to.emails.length) throw new AppError('VALIDATION', msg('ordering.noRecipients'), { field: 'to_emails' });
  if (order.status !== ORDER_STATUS.active) throw new AppError('VALIDATION', msg('ordering.archivedOrder'));
  const now = new Date();
  const parts = await poParts(g.tx, g.ctx.config, g.member.tenantUuid, order, now);
  // In the sender's language: they wrote the order, and its vendor is theirs.
  const lang = g.ctx.language ?? 'en';
  const pdf = await renderPoPdf(parts, lang);
  const stored = await storePoPdf(g.tx, g.ctx.config, g.member, order, pdf);
  const sender = await senderName(g.tx, g.member);
  const mail = poMail(parts, sender.name, lang);
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
  // Queued with the order's "sent" mark, in one transaction: both or neither.
  await g.ctx.mailer.send(
    {
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
    },
    g,
  );
  return (await orderById(g.tx, tenant, order.id)) as OrderRow;
}
