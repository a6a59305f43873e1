import { type AnnouncementInput, type Audience, announcementFields, announcementRecordSchema, isDay } from '@groundwork/core/announcements';
import { atField, fromText, msg } from '@groundwork/core/messages';
import { accessTo } from '@groundwork/core/permissions';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import sanitizeHtml from 'sanitize-html';
import { builder } from '../../graphql/builder.js';
import { AppError, notFound } from '../../graphql/errors.js';
import { type Gated, type Rule, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import { type Row, recordTopic } from '../../platform/realtime.js';
import { authored, textRef } from '../../platform/texts.js';
import { employees } from '../employees/employees.table.js';
import { addNotifications, deliver } from '../notifications/notifications.service.js';
import {
  type AnnouncementRow,
  audienceEmails,
  audienceMembers,
  belongingOf,
  markReceipts,
  reaches,
  receiptsOf,
  runningOn,
  sanitiseBody,
  unpinOthers,
} from './announcements.service.js';
import { announcements } from './announcements.table.js';
import { AnnouncementPageRef, AnnouncementRef, ReadersRef, type Stats, type View } from './announcements.types.js';

/**
 * Announcements (spec §2 /modules/announcements; issue 21): announcements_admin (and admin_access) write and see who
 * has seen and acknowledged; announcements_basic reads the current announcements addressed to them and acknowledges.
 */

const MODEL = 'Announcements';
const READ: Rule = { area: 'announcements', action: 'read' };
const WRITE: Rule = { area: 'announcements', action: 'write' };

const utcToday = () => new Date().toISOString().slice(0, 10);

defineRecordOperations({
  name: MODEL,
  typeName: 'AnnouncementRecord',
  table: announcements,
  area: 'announcements',
  orderBy: () => [sql`${announcements.start_date}`],
  readOnly: ['employee_id'],
  validate: announcementRecordSchema,
  async beforeWrite(tx, member, action, changes) {
    if (action === 'delete') return;
    for (const c of changes) {
      if (!c.patch) continue;
      if (action === 'create') c.patch.employee_id = member.employeeId;
      if (typeof c.patch.body === 'string') c.patch.body = sanitiseBody(c.patch.body);
    }
    // One pinned announcement per company: pinning one unpins the others.
    const pinned = changes.filter((c) => c.patch?.is_default === true);
    if (pinned.length > 1) throw new AppError('VALIDATION', msg('announcements.onePinned'), { field: 'is_default' });
    if (pinned.length === 1) await unpinOthers(tx, member.tenantUuid, pinned[0].id);
  },
});

// --- Types ----------------------------------------------------------------------------------------
const AnnouncementInputRef = builder.inputRef<Omit<AnnouncementInput, 'audience'> & { audience: string }>('AnnouncementInput').implement({
  fields: (t) => ({
    id: t.int({ required: false, description: 'Absent: add an announcement.' }),
    title: t.string({ required: true }),
    body: t.string({ required: true, description: 'HTML; sanitised on the server.' }),
    start_date: t.string({ required: true }),
    exp_date: t.string({ required: true }),
    audience: t.string({ required: true, description: 'everyone, departments, divisions, jobs or usergroups.' }),
    audience_ids: t.intList({ required: true }),
    is_default: t.boolean({ required: true }),
    on_app: t.boolean({ required: true }),
    requires_ack: t.boolean({ required: true }),
  }),
});

// --- Helpers --------------------------------------------------------------------------------------

const isAdmin = (g: Gated) => accessTo(g.member.permissions, 'announcements', 'write', g.member.off) === 'all';

async function authorNames(g: Gated, rows: AnnouncementRow[]): Promise<Map<number, string | null>> {
  const ids = [...new Set(rows.flatMap((r) => (r.employee_id ? [r.employee_id] : [])))];
  if (ids.length === 0) return new Map();
  const people = await g.tx
    .select({ id: employees.id, name: sql<string | null>`nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), '')` })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, g.member.tenantUuid), inArray(employees.id, ids)));
  return new Map(people.map((p) => [p.id, p.name]));
}

async function statsOf(g: Gated, row: AnnouncementRow): Promise<Stats & { members: number[] }> {
  const members = await audienceMembers(g.tx, g.member.tenantUuid, row.audience as Audience, row.audience_ids ?? []);
  const inAudience = new Set(members);
  const receipts = (await receiptsOf(g.tx, g.member.tenantUuid, [row.id])).filter((r) => inAudience.has(r.employees_id));
  return { audience: members.length, seen: receipts.length, acknowledged: receipts.filter((r) => r.acked_on).length, members };
}

async function views(g: Gated, rows: AnnouncementRow[], withStats: boolean): Promise<View[]> {
  const tenant = g.member.tenantUuid;
  const names = await authorNames(g, rows);
  const mine = new Map(
    (
      await receiptsOf(
        g.tx,
        tenant,
        rows.map((r) => r.id),
        g.member.employeeId,
      )
    ).map((r) => [r.announcements_id, r]),
  );
  const out: View[] = [];
  for (const r of rows) {
    let stats: Stats | null = null;
    if (withStats) {
      const s = await statsOf(g, r);
      stats = { audience: s.audience, seen: s.seen, acknowledged: s.acknowledged };
    }
    out.push({
      ...r,
      author_name: r.employee_id ? (names.get(r.employee_id) ?? null) : null,
      seen_on: mine.get(r.id)?.seen_on ?? null,
      acked_on: mine.get(r.id)?.acked_on ?? null,
      stats,
    });
  }
  return out;
}

/** The current announcements that reach the caller on `today` (shown in the app), pinned first. */
async function currentFor(g: Gated, today: string): Promise<AnnouncementRow[]> {
  const tenant = g.member.tenantUuid;
  const rows = await g.tx
    .select()
    .from(announcements)
    .where(and(runningOn(tenant, today, sql`${announcements.start_date} <= ${today}`), eq(announcements.on_app, true)))
    .orderBy(desc(announcements.is_default), desc(announcements.start_date), desc(announcements.id))
    .limit(500);
  const b = await belongingOf(g.tx, tenant, g.member.employeeId);
  return rows.filter((r) => r.employee_id === g.member.employeeId || reaches(r, b));
}

/** An e-mail-only announcement (on_app false): one message per person with an address, through the mail queue. */
async function emailAudience(g: Gated, row: AnnouncementRow, people: number[]) {
  const to = await audienceEmails(g.tx, g.member.tenantUuid, people);
  const text = sanitizeHtml(row.body, { allowedTags: [], allowedAttributes: {} }).trim();
  // What its author wrote, as they wrote it; queued with the announcement, in its transaction.
  for (const email of to)
    await g.ctx.mailer.send(
      {
        to: email,
        subject: authored(row.title),
        text: authored(text || row.title),
        html: row.body ? authored(row.body) : null,
      },
      g,
    );
}

/** Counting who has seen each announcement costs two statements a row: only when the list asks for stats. */
function wantsStats(info: GraphQLResolveInfo): boolean {
  const fields = selectedColumns(info, true);
  return !fields || fields.has('stats');
}

function checkToday(today: string | null | undefined): string {
  if (today == null) return utcToday();
  if (!isDay(today)) throw new AppError('VALIDATION', atField('today', msg('announcements.invalidDate')), { field: 'today' });
  return today;
}

function publish(g: Gated, event: 'create' | 'update', row: AnnouncementRow) {
  const topic = recordTopic(MODEL, event, g.member.tenantUuid);
  g.afterCommit(() => g.ctx.realtime.publish(topic, row as unknown as Row));
}

// --- Queries --------------------------------------------------------------------------------------

tenantQuery('currentAnnouncements', READ, {
  type: [AnnouncementRef],
  description:
    'The announcements shown to the caller today: active, in the app, today between start_date and exp_date (both ' +
    "included), for everyone or an audience the caller is in; the pinned one first. `today`: the caller's local date.",
  args: (t) => ({ today: t.string({ required: false }) }),
  resolve: async (args, g) => views(g, await currentFor(g, checkToday(args.today)), false),
});

tenantQuery('searchAnnouncements', WRITE, {
  type: AnnouncementPageRef,
  description: 'Every announcement of the company for its admins, newest first, with who has seen and acknowledged (counts).',
  args: (t) => ({ status: t.int({ required: false }), limit: t.int({ required: false }), nextToken: t.string({ required: false }) }),
  resolve: async (args, g, info) => {
    const limit = args.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new AppError('VALIDATION', msg('common.limitRange', { max: 200 }));
    const before = args.nextToken ? Number(Buffer.from(args.nextToken, 'base64url').toString('utf8')) : null;
    if (before !== null && (!Number.isInteger(before) || before < 1)) throw new AppError('VALIDATION', msg('common.invalidNextToken'));
    const rows = await g.tx
      .select()
      .from(announcements)
      .where(
        and(
          eq(announcements.tenant_uuid, g.member.tenantUuid),
          eq(announcements.status, args.status ?? 1),
          before ? lt(announcements.id, before) : undefined,
        ),
      )
      .orderBy(desc(announcements.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: await views(g, page, wantsStats(info)),
      nextToken: rows.length > limit && last ? Buffer.from(String(last.id)).toString('base64url') : null,
    };
  },
});

tenantQuery('announcementReaders', WRITE, {
  type: ReadersRef,
  description: 'Who an announcement reaches, who has seen it and who acknowledged it (announcement admins).',
  args: (t) => ({ id: t.int({ required: true }) }),
  resolve: async ({ id }, g) => {
    const tenant = g.member.tenantUuid;
    const [row] = await g.tx
      .select()
      .from(announcements)
      .where(and(eq(announcements.tenant_uuid, tenant), eq(announcements.id, id)));
    if (!row) throw notFound(msg('announcements.notFound'));
    const s = await statsOf(g, row);
    const receipts = new Map((await receiptsOf(g.tx, tenant, [id])).map((r) => [r.employees_id, r]));
    const people = s.members.length
      ? await g.tx
          .select({
            id: employees.id,
            name: sql<string | null>`nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), '')`,
          })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, s.members)))
          .orderBy(asc(employees.firstname), asc(employees.lastname), asc(employees.id))
      : [];
    return {
      audience: s.audience,
      seen: s.seen,
      acknowledged: s.acknowledged,
      people: people.map((p) => ({
        employees_id: p.id,
        name: p.name,
        seen_on: receipts.get(p.id)?.seen_on ?? null,
        acked_on: receipts.get(p.id)?.acked_on ?? null,
      })),
    };
  },
});

// --- Mutations ------------------------------------------------------------------------------------

tenantMutation('saveAnnouncement', WRITE, {
  type: AnnouncementRef,
  description:
    "Adds an announcement (no id) or changes one. The body's HTML is sanitised; pinning one (is_default) unpins the " +
    'others. A new announcement shown in the app today tells its audience in their notifications (and by push).',
  args: (arg) => ({ announcement: arg({ type: AnnouncementInputRef, required: true }) }),
  resolve: async ({ announcement }, g) => {
    const parsed = announcementFields.safeParse(announcement);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('VALIDATION', fromText(issue.message), { field: issue.path.join('.') });
    }
    const input = parsed.data;
    const tenant = g.member.tenantUuid;
    const values = {
      title: input.title.trim(),
      body: sanitiseBody(input.body),
      start_date: input.start_date,
      exp_date: input.exp_date,
      audience: input.audience,
      audience_ids: input.audience === 'everyone' ? [] : [...new Set(input.audience_ids)],
      is_default: input.is_default,
      on_app: input.on_app,
      requires_ack: input.requires_ack,
    };
    if (input.is_default) await unpinOthers(g.tx, tenant, input.id ?? null);
    let row: AnnouncementRow | undefined;
    if (input.id != null) {
      [row] = await g.tx
        .update(announcements)
        .set({ ...values, updated_on: sql`now()` })
        .where(and(eq(announcements.tenant_uuid, tenant), eq(announcements.id, input.id)))
        .returning();
      if (!row) throw notFound(msg('announcements.notFound'));
      publish(g, 'update', row);
    } else {
      [row] = await g.tx
        .insert(announcements)
        .values({ ...values, tenant_uuid: tenant, employee_id: g.member.employeeId })
        .returning();
      publish(g, 'create', row);
      const today = utcToday();
      if (row.start_date <= today && today <= row.exp_date) {
        const people = (await audienceMembers(g.tx, tenant, row.audience as Audience, row.audience_ids)).filter(
          (p) => p !== g.member.employeeId,
        );
        if (row.on_app)
          await deliver(
            g,
            await addNotifications(g.tx, tenant, people, {
              kind: 'announcement',
              text: textRef('notification.announcement', { title: row.title }),
              ref_id: row.id,
            }),
          );
        else await emailAudience(g, row, people);
      }
    }
    const [view] = await views(g, [row], true);
    return view;
  },
});

tenantMutation('markAnnouncementsSeen', READ, {
  type: 'Boolean',
  description: 'Records that the caller has seen these current announcements (their first view counts).',
  args: (t) => ({ ids: t.intList({ required: true }), today: t.string({ required: false }) }),
  resolve: async ({ ids, today }, g) => {
    if (ids.length > 200) throw new AppError('VALIDATION', msg('common.atMostIds', { max: 200 }));
    const shown = new Set((await currentFor(g, checkToday(today))).map((r) => r.id));
    const wanted = [...new Set(ids)].filter((id) => shown.has(id));
    await markReceipts(g.tx, g.member.tenantUuid, g.member.employeeId, wanted, false);
    return true;
  },
});

tenantMutation('acknowledgeAnnouncement', READ, {
  type: AnnouncementRef,
  description: 'The caller acknowledges a current announcement addressed to them (once; the first time is kept).',
  args: (t) => ({ id: t.int({ required: true }), today: t.string({ required: false }) }),
  resolve: async ({ id, today }, g) => {
    const row = (await currentFor(g, checkToday(today))).find((r) => r.id === id);
    if (!row) throw notFound(msg('announcements.notFound'));
    await markReceipts(g.tx, g.member.tenantUuid, g.member.employeeId, [id], true);
    const [view] = await views(g, [row], isAdmin(g));
    return view;
  },
});
