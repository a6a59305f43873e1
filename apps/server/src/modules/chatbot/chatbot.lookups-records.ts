import { canonicalText } from '@groundwork/core/chatbot-understand';
import { accessTo } from '@groundwork/core/permissions';
import { and, asc, between, desc, eq, gte, ilike, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { renderRef } from '../../platform/texts.js';
import { belongingOf, reaches, runningOn } from '../announcements/announcements.service.js';
import { announcements } from '../announcements/announcements.table.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs } from '../jobs/jobs.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { orders, vendors } from '../ordering/ordering.table.js';
import { jobsNotes } from '../project-notes/project-notes.table.js';
import { receipts } from '../receipts/receipts.table.js';
import { overdueWhere } from '../tools/tools.service.js';
import { containers, reservations, tools } from '../tools/tools.table.js';
import { accessOf, allows, dateRange, dayText, hoursText, isoDate, moneyText, nameInput, refuse, someOf } from './chatbot.kit.js';
import { findContainer, findJob, findPerson, findVendor, namesOf } from './chatbot.names.js';
import type { ChatSource } from './chatbot.table.js';
import { chatTool } from './chatbot.tool-types.js';
import { say } from './chatbot.words.js';

/**
 * The chatbot's read-only tools over tools, receipts, orders, daily reports, announcements and notifications (issue 48).
 * Each decides what the asker may see: own records for the areas' basic permissions (spec §6), all for their admins.
 */

const toolLink = (id: number) => `/modules/tool20?id=${id}`;
const like = (s: string) => `%${s.replace(/[%_\\]/g, '')}%`;

/** Where a tool is: its container (the shop, a truck, a job box) and who moved it there, when. */
const toolLocationTool = chatTool({
  name: 'tool_location',
  description:
    'Where a tool is now (its container) and its last move, by tool number ("T-0042"), name, make or model (e.g. "Hilti TE 70", "hammer drill #2").',
  input: z.object({ tool: nameInput }),
  allowed: (m) => allows(m, 'tools'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const number = /\bt-?(\d{1,6})\b/i.exec(input.tool);
    const words = canonicalText(input.tool)
      .split(' ')
      .filter((w) => w.length > 0 && !['the', 'el', 'la', 'tool', 'tools', 'a', 'an', 'my', 'our', 'mi'].includes(w) && !/^t-?\d+$/.test(w))
      .slice(0, 6);
    if (!number && !words.length) return refuse(say(lang, 'noTool', { name: input.tool }));
    const haystack = sql`lower(concat_ws(' ', ${tools.tool_number}, ${tools.name}, ${tools.make}, ${tools.model}, ${tools.category}))`;
    // A number as typed ("t-0042", "T-00042", "tool 42"): the company's own format, or the same digits.
    const conditions = number
      ? [
          sql`(upper(${tools.tool_number}) = ${`T-${number[1]}`} or ltrim(regexp_replace(${tools.tool_number}, '[^0-9]', '', 'g'), '0') = ${number[1].replace(/^0+/, '')})`,
        ]
      : words.map((w) =>
          /^#\d+$/.test(w)
            ? sql`${tools.name} ~ ${`${w}([^0-9]|$)`}`
            : // A plural or a typo's ending: "drills" finds "drill".
              sql`${haystack} like ${like(w.length > 4 ? w.replace(/(es|s)$/, '') : w)}`,
        );
    const rows = await tx
      .select({
        id: tools.id,
        number: tools.tool_number,
        name: tools.name,
        container: containers.container_name,
        moved: sql<string | null>`${tools.last_log}->>'moved_on'`,
        by: sql<string | null>`${tools.last_log}->>'employee_name'`,
      })
      .from(tools)
      .innerJoin(containers, and(eq(containers.tenant_uuid, tools.tenant_uuid), eq(containers.id, tools.container_id)))
      .where(and(eq(tools.tenant_uuid, t), eq(tools.status, 1), ...conditions))
      .orderBy(asc(tools.tool_number))
      .limit(6);
    if (!rows.length) return refuse(say(lang, 'noTool', { name: input.tool }));
    const source: ChatSource = {
      tool: 'tool_location',
      label: say(lang, 'fromTools'),
      link: '/modules/tool20',
      rows: rows.map((r) => ({ label: `${r.number} ${r.name}`, value: r.container, link: toolLink(r.id) })),
    };
    const first = rows[0];
    const when = first.moved ? dateRange(lang, first.moved.slice(0, 10), first.moved.slice(0, 10)) : null;
    const text =
      say(lang, 'toolIn', { tool: `${first.number} ${first.name}`, container: first.container }) +
      (when ? ` ${say(lang, first.by ? 'toolMovedBy' : 'toolMoved', { when, name: first.by ?? '' })}` : '') +
      (rows.length > 1
        ? ` ${say(lang, 'toolsMore', {
            count: String(rows.length - 1),
            list: rows
              .slice(1)
              .map((r) => `${r.name} (${r.container})`)
              .join(', '),
          })}`
        : '');
    return { text, data: { tools: rows }, source, rows: rows.length };
  },
});

/** What is in a container: a truck, a job box, the shop. */
const containerTool = chatTool({
  name: 'container_contents',
  description: 'The tools in a container (a truck, a trailer, a job box, the shop), by its name (e.g. "Truck 1", "Job box A").',
  input: z.object({ container: nameInput }),
  allowed: (m) => allows(m, 'tools'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const box = findContainer(await namesOf(tx, t), input.container);
    if (!box) return refuse(say(lang, 'noContainer', { name: input.container }));
    const rows = await tx
      .select({ id: tools.id, number: tools.tool_number, name: tools.name })
      .from(tools)
      .where(and(eq(tools.tenant_uuid, t), eq(tools.container_id, box.id), eq(tools.status, 1)))
      .orderBy(asc(tools.name), asc(tools.id))
      .limit(1000);
    const source: ChatSource = {
      tool: 'container_contents',
      label: say(lang, 'fromTools'),
      link: '/modules/tool20',
      rows: rows.slice(0, 50).map((r) => ({ label: `${r.number} ${r.name}`, link: toolLink(r.id) })),
    };
    const text = rows.length
      ? say(lang, 'containerHolds', {
          container: box.name,
          count: String(rows.length),
          list: someOf(
            lang,
            rows.map((r) => r.name),
            15,
          ),
        })
      : say(lang, 'containerEmpty', { container: box.name });
    return { text, data: { container: box.name, tools: rows }, source, rows: rows.length };
  },
});

/** Reservations past their end and not brought back: everyone's for tool admins, the asker's own otherwise. */
const overdueTool = chatTool({
  name: 'overdue_reservations',
  description: "Tool reservations past their end date and not returned (tool admins: everyone's; others: their own).",
  input: z.object({}),
  allowed: (m) => allows(m, 'tools'),
  async run({ tx, member, language: lang, today }) {
    const t = member.tenantUuid;
    const all = member.isAdmin || accessTo(member.permissions, 'tools', 'write', member.off) === 'all';
    const rows = await tx
      .select({ id: tools.id, name: tools.name, end: reservations.end_date, who: employeeName, job: jobLabelSql })
      .from(reservations)
      .innerJoin(tools, and(eq(tools.tenant_uuid, reservations.tenant_uuid), eq(tools.id, reservations.tools_id)))
      .leftJoin(employees, and(eq(employees.tenant_uuid, reservations.tenant_uuid), eq(employees.id, reservations.employees_id)))
      .leftJoin(jobs, and(eq(jobs.tenant_uuid, reservations.tenant_uuid), eq(jobs.id, reservations.jobs_id)))
      .where(and(eq(reservations.tenant_uuid, t), overdueWhere(today), all ? undefined : eq(reservations.employees_id, member.employeeId)))
      .orderBy(asc(reservations.end_date))
      .limit(50);
    const line = (r: (typeof rows)[number]) =>
      `${r.name} (${[r.who, r.job].filter(Boolean).join(', ')}${r.who || r.job ? ', ' : ''}${say(lang, 'dueBack', { when: dateRange(lang, r.end, r.end) })})`;
    const source: ChatSource = {
      tool: 'overdue_reservations',
      label: say(lang, 'fromReservations'),
      link: '/modules/tool20',
      rows: rows.map((r) => ({ label: r.name, value: dateRange(lang, r.end, r.end), link: toolLink(r.id) })),
    };
    const text = rows.length
      ? say(lang, all ? 'resOverdueAll' : 'resOverdueMine', { count: String(rows.length), list: rows.map(line).join('; ') })
      : say(lang, all ? 'resNoneAll' : 'resNoneMine');
    return { text, data: { overdue: rows }, source, rows: rows.length };
  },
});

/** Receipts: the asker's own (receipts_basic), or anyone's (receipts admins), by person, job, vendor and dates. */
const receiptsTool = chatTool({
  name: 'receipts',
  description:
    "Receipts (active ones), newest first, with their total: the asker's own (mine: true; people with basic receipts access only " +
    "ever see their own), or a person's, a job's, a vendor's (e.g. \"Home Depot\"), between from and to (YYYY-MM-DD).",
  input: z.object({
    person: nameInput.optional(),
    job: nameInput.optional(),
    vendor: nameInput.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    mine: z.boolean().optional(),
  }),
  allowed: (m) => allows(m, 'receipts'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const names = await namesOf(tx, t);
    const own = accessOf(member, 'receipts') === 'own';
    const person = input.person ? findPerson(names, input.person) : null;
    if (input.person && !person && !/^(me|i|yo|mine)$/i.test(input.person)) return refuse(say(lang, 'noPerson', { name: input.person }));
    if (own && person && person.id !== member.employeeId) return refuse(say(lang, 'receiptsOwnOnly'));
    const job = input.job ? findJob(names, input.job) : null;
    if (input.job && !job) return refuse(say(lang, 'noJob', { name: input.job }));
    const who = own || input.mine ? member.employeeId : (person?.id ?? null);
    const where = and(
      eq(receipts.tenant_uuid, t),
      eq(receipts.status, 1),
      who !== null ? eq(receipts.employees_id, who) : undefined,
      job ? eq(receipts.jobs_id, job.id) : undefined,
      input.vendor ? ilike(receipts.vendor, like(input.vendor)) : undefined,
      input.from ? gte(receipts.receipt_date, input.from) : undefined,
      input.to ? lte(receipts.receipt_date, input.to) : undefined,
    );
    const [sum] = await tx
      .select({ count: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${receipts.amount_cents}), 0)::bigint` })
      .from(receipts)
      .where(where);
    const rows = await tx
      .select({ id: receipts.id, date: receipts.receipt_date, vendor: receipts.vendor, cents: receipts.amount_cents, who: employeeName })
      .from(receipts)
      .leftJoin(employees, and(eq(employees.tenant_uuid, receipts.tenant_uuid), eq(employees.id, receipts.employees_id)))
      .where(where)
      .orderBy(desc(receipts.receipt_date), desc(receipts.id))
      .limit(6);
    const when =
      input.from || input.to ? `, ${dateRange(lang, input.from ?? rows.at(-1)?.date ?? input.to ?? '', input.to ?? input.from ?? '')}` : '';
    const whose =
      who === member.employeeId
        ? say(lang, 'yourReceipts')
        : person
          ? say(lang, 'receiptsOf', { name: person.name })
          : say(lang, 'receiptsWord');
    const what = [whose, job ? job.label : null, input.vendor ? input.vendor : null].filter(Boolean).join(' · ');
    const line = (r: (typeof rows)[number]) =>
      `${r.vendor ?? '—'} ${moneyText(r.cents, lang)} (${dateRange(lang, r.date, r.date)}${who === null ? `, ${r.who}` : ''})`;
    const source: ChatSource = {
      tool: 'receipts',
      label: say(lang, 'fromReceipts'),
      link: '/modules/receipts',
      rows: rows.map((r) => ({
        label: `${r.vendor ?? '—'} · ${dateRange(lang, r.date, r.date)}`,
        value: moneyText(r.cents, lang),
        link: `/modules/receipts?id=${r.id}`,
      })),
    };
    const count = Number(sum?.count ?? 0);
    const text = count
      ? say(lang, 'receiptsLine', {
          what,
          when,
          count: String(count),
          total: moneyText(Number(sum?.cents ?? 0), lang),
          latest: rows.slice(0, 5).map(line).join('; '),
        })
      : say(lang, 'noReceipts', { what, when });
    return { text, data: { count, total_cents: Number(sum?.cents ?? 0), latest: rows }, source, rows: count };
  },
});

/** Purchase orders: one by number, or the latest (a job's, a vendor's, not yet sent); ordering_basic sees their own. */
const ordersTool = chatTool({
  name: 'purchase_orders',
  description:
    "Purchase orders (POs): one by its number (po), or the latest ones, optionally a job's, a vendor's, only those not sent " +
    "yet (unsent: true) or the asker's own (mine: true; people with basic ordering access only ever see their own).",
  input: z.object({
    po: z.number().int().positive().max(99_999_999).optional(),
    job: nameInput.optional(),
    vendor: nameInput.optional(),
    unsent: z.boolean().optional(),
    mine: z.boolean().optional(),
  }),
  allowed: (m) => allows(m, 'ordering'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const names = await namesOf(tx, t);
    const own = accessOf(member, 'ordering') === 'own';
    const job = input.job ? findJob(names, input.job) : null;
    if (input.job && !job) return refuse(say(lang, 'noJob', { name: input.job }));
    const vendor = input.vendor ? findVendor(names, input.vendor) : null;
    if (input.vendor && !vendor) return refuse(say(lang, 'noVendor', { name: input.vendor }));
    const rows = await tx
      .select({
        id: orders.id,
        po: orders.po_number,
        date: orders.order_date,
        deliver: orders.deliver_date,
        cents: orders.total_cents,
        sent: orders.sent_on,
        vendor: vendors.name,
        job: jobLabelSql,
        lines: sql<number>`jsonb_array_length(${orders.lines})::int`,
      })
      .from(orders)
      .leftJoin(vendors, and(eq(vendors.tenant_uuid, orders.tenant_uuid), eq(vendors.id, orders.vendor_id)))
      .leftJoin(jobs, and(eq(jobs.tenant_uuid, orders.tenant_uuid), eq(jobs.id, orders.jobs_id)))
      .where(
        and(
          eq(orders.tenant_uuid, t),
          eq(orders.status, 1),
          own || input.mine ? eq(orders.employees_id, member.employeeId) : undefined,
          input.po ? eq(orders.po_number, input.po) : undefined,
          job ? eq(orders.jobs_id, job.id) : undefined,
          vendor ? eq(orders.vendor_id, vendor.id) : undefined,
          input.unsent ? isNull(orders.sent_on) : undefined,
        ),
      )
      .orderBy(desc(orders.order_date), desc(orders.id))
      .limit(input.po ? 1 : 8);
    const line = (r: (typeof rows)[number]) =>
      `PO ${r.po} · ${r.vendor ?? '—'} · ${r.job ?? '—'} · ${moneyText(r.cents, lang)} (${dateRange(lang, r.date, r.date)}, ${say(lang, r.sent ? 'sent' : 'notSentYet')})`;
    const source: ChatSource = {
      tool: 'purchase_orders',
      label: say(lang, 'fromOrders'),
      link: '/modules/ordering',
      rows: rows.map((r) => ({
        label: `PO ${r.po} · ${r.vendor ?? '—'}`,
        value: moneyText(r.cents, lang),
        link: `/modules/ordering?id=${r.id}`,
      })),
    };
    if (input.po) {
      const r = rows[0];
      if (!r) return refuse(say(lang, own ? 'noOwnPo' : 'noPo', { po: String(input.po) }));
      const text = say(lang, 'poLine', {
        po: String(r.po),
        vendor: r.vendor ?? '—',
        job: r.job ?? '—',
        total: moneyText(r.cents, lang),
        lines: String(r.lines),
        date: dateRange(lang, r.date, r.date),
        deliver: r.deliver ? dateRange(lang, r.deliver, r.deliver) : '—',
        sent: say(lang, r.sent ? 'sent' : 'notSentYet'),
      });
      return { text, data: { order: r }, source, rows: 1 };
    }
    const what = [
      own || input.mine ? say(lang, 'yourOrders') : say(lang, 'ordersWord'),
      job?.label,
      vendor?.name,
      input.unsent ? say(lang, 'notSentYet') : null,
    ]
      .filter(Boolean)
      .join(' · ');
    const text = rows.length ? say(lang, 'ordersLine', { what, list: rows.map(line).join('; ') }) : say(lang, 'noOrders', { what });
    return { text, data: { orders: rows }, source, rows: rows.length };
  },
});

/** Vendors: one's contact, phone and e-mail, or the list. */
const vendorsTool = chatTool({
  name: 'vendors',
  description: "A vendor's (supplier's or subcontractor's) contact person, phone and e-mail; without a vendor, the list of vendors.",
  input: z.object({ vendor: nameInput.optional() }),
  allowed: (m) => allows(m, 'vendors'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    if (input.vendor) {
      const found = findVendor(await namesOf(tx, t), input.vendor);
      if (!found) return refuse(say(lang, 'noVendor', { name: input.vendor }));
      const [v] = await tx
        .select()
        .from(vendors)
        .where(and(eq(vendors.tenant_uuid, t), eq(vendors.id, found.id)));
      const source: ChatSource = {
        tool: 'vendors',
        label: say(lang, 'fromVendors'),
        link: `/modules/ordering?id=${found.id}&tab=vendors`,
        rows: [
          { label: say(lang, 'contact'), value: v.contact_name ?? '—' },
          { label: say(lang, 'phone'), value: v.phone ?? '—' },
          { label: say(lang, 'email'), value: v.emails ?? '—' },
        ],
      };
      return {
        text: say(lang, 'vendorLine', { name: v.name, contact: v.contact_name || '—', phone: v.phone || '—', email: v.emails || '—' }),
        data: {
          name: v.name,
          contact: v.contact_name,
          phone: v.phone,
          emails: v.emails,
          address: v.address,
          insurance_expires: v.insurance_expires,
        },
        source,
        rows: 1,
      };
    }
    const rows = await tx
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .where(and(eq(vendors.tenant_uuid, t), eq(vendors.status, 1)))
      .orderBy(asc(vendors.name))
      .limit(200);
    const source: ChatSource = {
      tool: 'vendors',
      label: say(lang, 'fromVendors'),
      link: '/modules/ordering',
      rows: rows.slice(0, 50).map((r) => ({ label: r.name, link: `/modules/ordering?id=${r.id}&tab=vendors` })),
    };
    return {
      text: say(lang, 'vendorsList', {
        count: String(rows.length),
        list: someOf(
          lang,
          rows.map((r) => r.name),
          20,
        ),
      }),
      data: { vendors: rows },
      source,
      rows: rows.length,
    };
  },
});

/** Daily reports: a job's on a day (sent or not, manpower), a job's in a period, or the asker's own. */
const reportsTool = chatTool({
  name: 'daily_reports',
  description:
    "Daily reports (job diaries): whether a job's report for a date was written and sent, who wrote it and its manpower; or a " +
    "job's reports between from and to; person: the writer's; mine: true for the asker's own. People with basic access see only " +
    'their own reports.',
  input: z.object({
    job: nameInput.optional(),
    person: nameInput.optional(),
    date: isoDate.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    mine: z.boolean().optional(),
  }),
  allowed: (m) => allows(m, 'project_notes'),
  async run({ tx, member, language: lang, today }, input) {
    const t = member.tenantUuid;
    const own = accessOf(member, 'project_notes') === 'own';
    const names = await namesOf(tx, t);
    const job = input.job ? findJob(names, input.job) : null;
    if (input.job && !job) return refuse(say(lang, 'noJob', { name: input.job }));
    const writer = input.person ? findPerson(names, input.person) : null;
    if (input.person && !writer) return refuse(say(lang, 'noPerson', { name: input.person }));
    if (own && writer && writer.id !== member.employeeId) return refuse(say(lang, 'reportsOwnOnly'));
    const from = input.date ?? input.from ?? (input.to ? input.to : null);
    const to = input.date ?? input.to ?? (input.from ? today : null);
    const rows = await tx
      .select({
        id: jobsNotes.id,
        jobs_id: jobsNotes.jobs_id,
        job: jobLabelSql,
        date: jobsNotes.for_date,
        sent: jobsNotes.sent_on,
        writer: employeeName,
        manpower: jobsNotes.manpower,
      })
      .from(jobsNotes)
      .innerJoin(jobs, and(eq(jobs.tenant_uuid, jobsNotes.tenant_uuid), eq(jobs.id, jobsNotes.jobs_id)))
      .leftJoin(employees, and(eq(employees.tenant_uuid, jobsNotes.tenant_uuid), eq(employees.id, jobsNotes.employees_id)))
      .where(
        and(
          eq(jobsNotes.tenant_uuid, t),
          eq(jobsNotes.status, 1),
          own || input.mine ? eq(jobsNotes.employees_id, member.employeeId) : undefined,
          writer ? eq(jobsNotes.employees_id, writer.id) : undefined,
          job ? eq(jobsNotes.jobs_id, job.id) : undefined,
          from && to ? between(jobsNotes.for_date, from, to) : undefined,
        ),
      )
      .orderBy(desc(jobsNotes.for_date), asc(jobLabelSql))
      .limit(from && to ? 60 : 5);
    const source: ChatSource = {
      tool: 'daily_reports',
      label: say(lang, 'fromReports'),
      link: '/modules/project-notes',
      rows: rows.map((r) => ({
        label: `${r.job} · ${dayText(lang, r.date)}`,
        value: say(lang, r.sent ? 'sent' : 'notSentYet'),
        link: `/modules/project-notes?id=${r.id}`,
      })),
    };
    const one = (r: (typeof rows)[number], withJob: boolean) => {
      const crew = (r.manpower ?? []) as { name?: string | null; hours?: number | null }[];
      const hours = crew.reduce((s, m) => s + Number(m.hours ?? 0), 0);
      return say(lang, 'reportLine', {
        job: withJob ? `${r.job}, ` : '',
        day: dayText(lang, r.date),
        writer: r.writer ?? '—',
        sent: say(lang, r.sent ? 'sent' : 'notSentYet'),
        manpower: crew.length
          ? say(lang, 'manpower', {
              names: crew.map((m) => m.name ?? '—').join(', '),
              hours: hoursText(hours, lang),
              count: String(crew.length),
            })
          : '',
      });
    };
    if (input.date) {
      const what = job?.label ?? writer?.name ?? (own || input.mine ? say(lang, 'you') : '');
      if (!rows.length)
        return {
          text: say(lang, job || writer ? 'noReportJob' : own || input.mine ? 'noReportMine' : 'noReportDay', {
            job: what,
            day: dayText(lang, input.date),
          }),
          data: { reports: [] },
          source,
          rows: 0,
        };
      return { text: rows.map((r) => one(r, true)).join(' '), data: { reports: rows }, source, rows: rows.length };
    }
    if (!rows.length)
      return {
        text: say(lang, 'noReports', { job: job?.label ?? '', when: from && to ? dateRange(lang, from, to) : '' }),
        data: { reports: [] },
        source,
        rows: 0,
      };
    const sentCount = rows.filter((r) => r.sent).length;
    const writers = [...new Set(rows.map((r) => r.writer).filter(Boolean))].join(', ');
    const head = say(lang, 'reportsCount', {
      job: job?.label ?? writer?.name ?? say(lang, 'reportsWord'),
      count: String(rows.length),
      when: from && to ? `, ${dateRange(lang, from, to)}` : '',
      sent: String(sentCount),
      writers,
    });
    return {
      text: `${head} ${rows
        .slice(0, 5)
        .map((r) => one(r, !job))
        .join(' ')}`,
      data: { reports: rows },
      source,
      rows: rows.length,
    };
  },
});

/** The announcements shown to the asker today (as the announcements screen shows them). */
const announcementsTool = chatTool({
  name: 'announcements',
  description: 'The company announcements shown to the asker today (for everyone, or for a group the asker is in), newest first.',
  input: z.object({}),
  allowed: (m) => allows(m, 'announcements'),
  async run({ tx, member, language: lang, today }) {
    const t = member.tenantUuid;
    const rows = await tx
      .select({
        id: announcements.id,
        title: announcements.title,
        start: announcements.start_date,
        author: announcements.employee_id,
        audience: announcements.audience,
        audience_ids: announcements.audience_ids,
        pinned: announcements.is_default,
        ack: announcements.requires_ack,
      })
      .from(announcements)
      .where(and(runningOn(t, today, sql`${announcements.start_date} <= ${today}`), eq(announcements.on_app, true)))
      .orderBy(desc(announcements.start_date), desc(announcements.id))
      .limit(200);
    const b = await belongingOf(tx, t, member.employeeId);
    const mine = rows.filter((r) => r.author === member.employeeId || reaches(r, b)).slice(0, 10);
    const source: ChatSource = {
      tool: 'announcements',
      label: say(lang, 'fromAnnouncements'),
      link: '/modules/announcements',
      rows: mine.map((r) => ({ label: r.title, value: dateRange(lang, r.start, r.start), link: `/modules/announcements?id=${r.id}` })),
    };
    const text = mine.length
      ? say(lang, 'announcementsLine', {
          count: String(mine.length),
          list: mine
            .map((r) => `"${r.title}" (${dateRange(lang, r.start, r.start)}${r.ack ? `, ${say(lang, 'needsAck')}` : ''})`)
            .join('; '),
        })
      : say(lang, 'noAnnouncements');
    return { text, data: { announcements: mine.map((r) => ({ title: r.title, start_date: r.start })) }, source, rows: mine.length };
  },
});

/** The asker's unread notifications. */
const notificationsTool = chatTool({
  name: 'notifications',
  description: "The asker's unread notifications (their inbox), newest first.",
  input: z.object({}),
  allowed: () => true,
  async run({ tx, member, language: lang }) {
    const t = member.tenantUuid;
    const where = and(eq(notifications.tenant_uuid, t), eq(notifications.employees_id, member.employeeId), isNull(notifications.read_at));
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(notifications).where(where);
    const rows = await tx
      .select({
        id: notifications.id,
        title: notifications.title,
        key: notifications.text_key,
        values: notifications.text_values,
        link: notifications.link,
      })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(5);
    const title = (r: (typeof rows)[number]) => (r.key ? (renderRef(lang, { key: r.key, values: r.values }) ?? r.title) : r.title);
    const source: ChatSource = {
      tool: 'notifications',
      label: say(lang, 'fromNotifications'),
      link: '/notifications',
      rows: rows.map((r) => ({ label: title(r), link: r.link ?? '/notifications' })),
    };
    const text = count
      ? say(lang, 'unreadLine', { count: String(count), list: rows.map((r) => `"${title(r)}"`).join('; ') })
      : say(lang, 'noUnread');
    return { text, data: { unread: count, latest: rows.map(title) }, source, rows: count };
  },
});

export const RECORD_TOOLS = [
  toolLocationTool,
  containerTool,
  overdueTool,
  receiptsTool,
  ordersTool,
  vendorsTool,
  reportsTool,
  announcementsTool,
  notificationsTool,
];
