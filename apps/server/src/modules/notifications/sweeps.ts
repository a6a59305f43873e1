import type { Audience } from '@groundwork/core/announcements';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DIGEST_EVERY_MINUTES,
  DIGEST_UNREAD_FOR_MINUTES,
  inQuietHours,
  type NotificationKind,
} from '@groundwork/core/notifications';
import { addDays, isoDay, payPeriodFor } from '@groundwork/core/pay-periods';
import { MODULES } from '@groundwork/core/permissions';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { forgetOldDeviceMutations } from '../../graphql/device-mutations.js';
import { languagesOf } from '../../identity/accounts.js';
import { every } from '../../platform/every.js';
import type { Mailer } from '../../platform/mail.js';
import { authored, joined, type Language, type Rendered, type TextRef, tCount, t as text, textRef, tHtml } from '../../platform/texts.js';
import { type RetryCounts, retryDuePushesOf } from '../accounting/accounting.retry.js';
import { audienceEmails, audienceMembers, runningOn } from '../announcements/announcements.service.js';
import { announcements } from '../announcements/announcements.table.js';
import { employees } from '../employees/employees.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { forgetOldPunchLocations, missedClockOuts } from '../punches/punches.sweep.js';
import { taskAssignees, tasks } from '../tasks/tasks.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { loadSettings, payPeriodConfig } from '../timecards/timecards.graphql.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { overdueWhere } from '../tools/tools.service.js';
import { reservations, tools } from '../tools/tools.table.js';
import {
  deliveryOf,
  type NotifyDeps,
  notifyInTx,
  type PushItem,
  pushRows,
  sendPlanned,
  settingsOf,
  titleIn,
} from './notifications.service.js';
import { noticeKeys, notificationSettings, notifications } from './notifications.table.js';
import { pushTargets } from './push.js';

/**
 * The notification sweeps (issue 21): what nobody's request announces, found on a timer and told once.
 * - a task due tomorrow and not done (its assignees);
 * - a tool reservation on its first day (the holder) and once it is overdue (the holder and the tool admins);
 * - a time card to sign on its pay period's last day and after (each person with time in it and no signature);
 * - an announcement written ahead of its start date, on that date (its audience);
 * - a punch left open past its day, a missed clock-out (the person and the job's foremen; punches.sweep.ts);
 * - pushes held for quiet hours, as one summary when they end;
 * - an e-mail digest of what a person left unread, for the kinds they asked for (at most hourly);
 * - then, with QuickBooks configured (`config`), the pushes that failed, when their backoff is over (report.qbo).
 * Each company is swept in its own walled transaction; keys in notice_keys make a second run (or instance) a no-op,
 * and a company another instance is sweeping at that moment is skipped (a transaction-scoped advisory lock), so
 * instances sharing one database do not repeat each other's reads.
 */
export type SweepDeps = NotifyDeps & { mailer: Mailer; appOrigin: string; config?: Config };
export type SweepReport = {
  companies: number;
  /** Companies left to the instance sweeping them at that moment. */
  skipped: number;
  told: Partial<Record<NotificationKind, number>>;
  summaries: number;
  digests: number;
  qbo?: RetryCounts;
};

/** The advisory lock one company's sweep holds for its transaction (shared by every instance on the database). */
export const sweepLockKey = (tenant: string) => `notification-sweep:${tenant}`;

/** The companies to sweep (these and the orphan files'): the one cross-tenant read, through the sweep_companies policy (migration 0024). */
export async function companies(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.sweep', 'on', true), set_config('role', 'app_user', true)`);
    const rows = await tx.select({ tenant_uuid: tenants.tenant_uuid }).from(tenants).where(eq(tenants.status, 1));
    return rows.map((r) => r.tenant_uuid);
  });
}

/** Claims `keys` for this company; returns those no earlier run claimed. */
async function claim(tx: Tx, tenant: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .insert(noticeKeys)
    .values(keys.map((key) => ({ tenant_uuid: tenant, key })))
    .onConflictDoNothing()
    .returning({ key: noticeKeys.key });
  return new Set(rows.map((r) => r.key));
}

async function modulesOff(tx: Tx, tenant: string): Promise<Set<number>> {
  const rows = await tx
    .select({ id: tenantsModules.modules_id })
    .from(tenantsModules)
    .where(and(eq(tenantsModules.tenant_uuid, tenant), sql`${tenantsModules.status} <> 1`));
  return new Set(rows.map((r) => r.id));
}

/** Active people who administer tools: the company's admins and members of a group with tool20_admin. */
async function toolAdmins(tx: Tx, tenant: string): Promise<number[]> {
  const res = (await tx.execute(sql`
    select e.id from employees e
    where e.tenant_uuid = ${tenant} and e.status = 1 and (e.is_admin or exists (
      select 1 from usergroup_users u
      join usergroups g on g.tenant_uuid = u.tenant_uuid and g.id = u.usergroups_id and g.status = 1
      join usergroup_permissions p on p.tenant_uuid = g.tenant_uuid and p.usergroups_id = g.id
      where u.tenant_uuid = e.tenant_uuid and u.employees_id = e.id and p.permission = 'tool20_admin'))`)) as unknown as {
    rows: { id: number }[];
  };
  return res.rows.map((r) => Number(r.id));
}

type Told = { kind: NotificationKind; people: number[]; text: TextRef; ref_id?: number | null };

async function reservationNotices(tx: Tx, tenant: string, today: string): Promise<Told[]> {
  const due = await tx
    .select({ id: reservations.id, start: reservations.start_date, holder: reservations.employees_id, tool: tools.name })
    .from(reservations)
    .innerJoin(tools, and(eq(tools.tenant_uuid, reservations.tenant_uuid), eq(tools.id, reservations.tools_id)))
    .where(
      and(
        eq(reservations.tenant_uuid, tenant),
        eq(reservations.status, 1),
        eq(reservations.is_completed, false),
        eq(reservations.start_date, today),
      ),
    );
  const overdue = await tx
    .select({ id: reservations.id, end: reservations.end_date, holder: reservations.employees_id, tool: tools.name })
    .from(reservations)
    .innerJoin(tools, and(eq(tools.tenant_uuid, reservations.tenant_uuid), eq(tools.id, reservations.tools_id)))
    .where(and(eq(reservations.tenant_uuid, tenant), overdueWhere(today)));
  const dueKeys = await claim(
    tx,
    tenant,
    due.map((r) => `reservation_due:${r.id}:${r.start}`),
  );
  const overdueKeys = await claim(
    tx,
    tenant,
    overdue.map((r) => `reservation_overdue:${r.id}:${r.end}`),
  );
  const told: Told[] = [];
  for (const r of due) {
    if (r.holder && dueKeys.has(`reservation_due:${r.id}:${r.start}`)) {
      told.push({ kind: 'reservation_due', people: [r.holder], text: textRef('notification.reservation_due', { tool: r.tool }) });
    }
  }
  const fresh = overdue.filter((r) => overdueKeys.has(`reservation_overdue:${r.id}:${r.end}`));
  const admins = fresh.length ? await toolAdmins(tx, tenant) : [];
  for (const r of fresh) {
    told.push({
      kind: 'reservation_overdue',
      people: [...new Set([...(r.holder ? [r.holder] : []), ...admins])],
      text: textRef('notification.reservation_overdue', { tool: r.tool, date: { date: String(r.end) } }),
    });
  }
  return told;
}

/** Tasks due tomorrow and not done: each assignee, once per task and due date. */
async function taskNotices(tx: Tx, tenant: string, today: string): Promise<Told[]> {
  const tomorrow = addDays(today, 1);
  const due = await tx
    .select({ id: tasks.id, title: tasks.title, person: taskAssignees.employees_id })
    .from(tasks)
    .innerJoin(taskAssignees, and(eq(taskAssignees.tenant_uuid, tasks.tenant_uuid), eq(taskAssignees.tasks_id, tasks.id)))
    .where(and(eq(tasks.tenant_uuid, tenant), eq(tasks.due_date, tomorrow), sql`${tasks.status} <> 'done'`));
  const key = (r: (typeof due)[number]) => `task_due:${r.id}:${tomorrow}:${r.person}`;
  const claimed = await claim(tx, tenant, due.map(key));
  return due
    .filter((r) => claimed.has(key(r)))
    .map((r) => ({
      kind: 'task_due' as const,
      people: [r.person],
      text: textRef('notification.task_due', { task: r.title }),
      ref_id: r.id,
    }));
}

async function timecardNotices(tx: Tx, tenant: string, today: string): Promise<Told[]> {
  const { type, anchor } = payPeriodConfig(await loadSettings(tx, tenant));
  const current = payPeriodFor(today, type, anchor);
  const periods = [payPeriodFor(addDays(current.start, -1), type, anchor), ...(current.end === today ? [current] : [])];
  const told: Told[] = [];
  for (const period of periods) {
    const res = (await tx.execute(sql`
      select distinct t.employees_id as id from ${timecardEntries} t
      join ${employees} e on e.tenant_uuid = t.tenant_uuid and e.id = t.employees_id and e.status = 1
      where t.tenant_uuid = ${tenant} and t.timecard_date between ${period.start} and ${period.end}
        and not exists (select 1 from ${usersTimecard} c where c.tenant_uuid = t.tenant_uuid
          and c.employees_id = t.employees_id and c.payperiod_start_date = ${period.start} and c.signed_on is not null)`)) as unknown as {
      rows: { id: number }[];
    };
    const people = res.rows.map((r) => Number(r.id));
    const claimed = await claim(
      tx,
      tenant,
      people.map((p) => `timecard_to_sign:${period.start}:${p}`),
    );
    const toTell = people.filter((p) => claimed.has(`timecard_to_sign:${period.start}:${p}`));
    if (toTell.length) {
      told.push({
        kind: 'timecard_to_sign',
        people: toTell,
        text: textRef('notification.timecard_to_sign', { start: { date: period.start }, end: { date: period.end } }),
      });
    }
  }
  return told;
}

/** Announcements written ahead of their start (created before it), on their first day or the day after (a missed run). */
async function announcementNotices(tx: Tx, tenant: string, today: string): Promise<{ told: Told[]; mail: Mail[] }> {
  const starting = await tx
    .select()
    .from(announcements)
    .where(
      and(
        runningOn(tenant, today, sql`${announcements.start_date} between ${addDays(today, -1)} and ${today}`),
        sql`${announcements.created_on}::date < ${announcements.start_date}`,
      ),
    );
  const claimed = await claim(
    tx,
    tenant,
    starting.map((a) => `announcement:${a.id}`),
  );
  const told: Told[] = [];
  const mail: Mail[] = [];
  for (const a of starting.filter((r) => claimed.has(`announcement:${r.id}`))) {
    const people = (await audienceMembers(tx, tenant, a.audience as Audience, a.audience_ids ?? [])).filter((p) => p !== a.employee_id);
    if (a.on_app) told.push({ kind: 'announcement', people, text: textRef('notification.announcement', { title: a.title }), ref_id: a.id });
    // What its author wrote, as they wrote it.
    else
      mail.push({
        to: await audienceEmails(tx, tenant, people),
        subject: authored(a.title),
        text: authored(a.title),
        html: authored(a.body),
      });
  }
  return { told, mail };
}

/** People out of quiet hours with pushes held: one summary push each; the rows are no longer held. */
async function heldSummaries(tx: Tx, tenant: string, at: Date) {
  const held = await tx
    .select({ employees_id: notifications.employees_id, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.tenant_uuid, tenant), eq(notifications.push_held, true)))
    .groupBy(notifications.employees_id);
  if (held.length === 0) return { items: [] as PushItem[], targets: [] };
  const settings = await settingsOf(
    tx,
    tenant,
    held.map((h) => h.employees_id),
  );
  const awake = held.filter((h) => !inQuietHours(at, settings.get(h.employees_id) ?? DEFAULT_NOTIFICATION_SETTINGS));
  if (awake.length === 0) return { items: [] as PushItem[], targets: [] };
  const people = awake.map((h) => h.employees_id);
  await tx
    .update(notifications)
    .set({ push_held: false })
    .where(and(eq(notifications.tenant_uuid, tenant), eq(notifications.push_held, true), inArray(notifications.employees_id, people)));
  const items: PushItem[] = awake.map((h) => ({
    employees_id: h.employees_id,
    payload: { link: '/notifications', kind: 'summary' },
    title: (lang) => tCount(lang, 'push.summary', h.n),
  }));
  return { items, targets: await pushTargets(tx, tenant, people) };
}

type Mail = { to: string[] | string; subject: Rendered; text: Rendered; html: Rendered };
type DigestRow = { id: number; title: string; text_key: string | null; text_values: unknown; link: string | null; count: number };
/** A digest to write once the transaction is over, in its reader's saved language. */
type Digest = { to: string; identity: string | null; rows: DigestRow[] };

/** Unread notifications of the kinds each person asked for by e-mail, as one message each (at most hourly). */
async function digests(tx: Tx, tenant: string, at: Date): Promise<Digest[]> {
  const wanting = await tx
    .select({
      id: notificationSettings.employees_id,
      kinds: notificationSettings.email_on,
      email: employees.email,
      identity: employees.cognito_uuid,
    })
    .from(notificationSettings)
    .innerJoin(
      employees,
      and(eq(employees.tenant_uuid, notificationSettings.tenant_uuid), eq(employees.id, notificationSettings.employees_id)),
    )
    .where(
      and(
        eq(notificationSettings.tenant_uuid, tenant),
        sql`cardinality(${notificationSettings.email_on}) > 0`,
        eq(employees.status, 1),
        sql`coalesce(${employees.email}, '') <> ''`,
      ),
    );
  const slot = Math.floor(at.getTime() / (DIGEST_EVERY_MINUTES * 60_000));
  const cutoff = new Date(at.getTime() - DIGEST_UNREAD_FOR_MINUTES * 60_000).toISOString();
  const out: Digest[] = [];
  for (const person of wanting) {
    const rows = await tx
      .select({
        id: notifications.id,
        title: notifications.title,
        text_key: notifications.text_key,
        text_values: notifications.text_values,
        link: notifications.link,
        count: notifications.count,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.tenant_uuid, tenant),
          eq(notifications.employees_id, person.id),
          isNull(notifications.read_at),
          isNull(notifications.emailed_at),
          inArray(notifications.kind, person.kinds),
          lte(notifications.created_on, cutoff),
        ),
      )
      .orderBy(asc(notifications.id))
      .limit(50);
    if (rows.length === 0) continue;
    if ((await claim(tx, tenant, [`digest:${person.id}:${slot}`])).size === 0) continue;
    await tx
      .update(notifications)
      .set({ emailed_at: at.toISOString() })
      .where(
        and(
          eq(notifications.tenant_uuid, tenant),
          inArray(
            notifications.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    out.push({ to: person.email as string, identity: person.identity, rows: rows as DigestRow[] });
  }
  return out;
}

/** A digest's e-mail in `lang`: each notification's title in that language, with its link. */
function digestMail(d: Digest, lang: Language, appOrigin: string): Mail {
  const url = (link: string | null) => new URL(link ?? '/notifications', appOrigin).toString();
  const title = (r: DigestRow) => titleIn(r as never, lang);
  const lines = d.rows.map((r) =>
    r.count > 1
      ? text(lang, 'digest.line_count', { title: title(r), count: r.count, url: url(r.link) })
      : text(lang, 'digest.line', { title: title(r), url: url(r.link) }),
  );
  const items = d.rows.map((r) =>
    r.count > 1
      ? tHtml(lang, 'digest.html_item_count', { title: title(r), count: r.count, url: url(r.link) })
      : tHtml(lang, 'digest.html_item', { title: title(r), url: url(r.link) }),
  );
  return {
    to: d.to,
    subject: tCount(lang, 'digest.subject', d.rows.length),
    text: joined([...lines, authored(''), text(lang, 'digest.all', { url: url('/notifications') }), authored('')], '\n'),
    html: tHtml(lang, 'digest.html', { items: { markup: joined(items, '') }, url: url('/notifications') }),
  };
}

/**
 * One company's sweep, in its walled transaction; deliveries start once it commits. Returns false, doing nothing,
 * when another instance is sweeping the company at that moment.
 */
export async function sweepCompany(deps: SweepDeps, tenant: string, at: Date, report: SweepReport): Promise<boolean> {
  const today = isoDay(at);
  const result = await withTenant(deps.db, tenant, async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${sweepLockKey(tenant)})) as got`)) as unknown as {
      rows: { got: boolean }[];
    };
    if (!lock.rows[0]?.got) return null;
    const off = await modulesOff(tx, tenant);
    const told: Told[] = [];
    const mail: Mail[] = [];
    if (!off.has(MODULES.tool20)) told.push(...(await reservationNotices(tx, tenant, today)));
    if (!off.has(MODULES.timecards)) {
      told.push(...(await timecardNotices(tx, tenant, today)));
      // Punches left open past their day (issue 47): the person and the job's foremen, once.
      told.push(...(await missedClockOuts(tx, tenant, at)));
    }
    if (!off.has(MODULES.tasks)) told.push(...(await taskNotices(tx, tenant, today)));
    if (!off.has(MODULES.announcements)) {
      const a = await announcementNotices(tx, tenant, today);
      told.push(...a.told);
      mail.push(...a.mail);
    }
    const planned = [];
    for (const t of told)
      planned.push(await notifyInTx(tx, tenant, t.people, { kind: t.kind, text: t.text, ref_id: t.ref_id ?? null }, at));
    const summaries = await heldSummaries(tx, tenant, at);
    const digested = await digests(tx, tenant, at);
    // Housekeeping under the same lock: the offline outbox's old ids (graphql/device-mutations.ts).
    await forgetOldDeviceMutations(tx, tenant, at);
    // And punch locations past the company's retention (issue 47).
    await forgetOldPunchLocations(tx, tenant, at);
    return { told, planned, summaries, mail, digested };
  });
  if (!result) {
    report.skipped++;
    return false;
  }
  for (const t of result.told) report.told[t.kind] = (report.told[t.kind] ?? 0) + t.people.length;
  for (const p of result.planned) sendPlanned(deps, tenant, p);
  pushRows(deliveryOf(deps, tenant), tenant, result.summaries.items, result.summaries.targets);
  report.summaries += result.summaries.items.length;
  // Each digest in its reader's saved language, read now that the company's transaction is over.
  const languages = await languagesOf(
    deps.db,
    result.digested.flatMap((d) => (d.identity ? [d.identity] : [])),
  );
  for (const d of result.digested) result.mail.push(digestMail(d, languages.get(d.identity ?? '') ?? 'en', deps.appOrigin));
  for (const m of result.mail) {
    for (const to of Array.isArray(m.to) ? m.to : [m.to]) {
      await deps.mailer.send({ to, subject: m.subject, text: m.text, html: m.html });
    }
  }
  report.digests += result.mail.filter((m) => !Array.isArray(m.to)).length;
  await retryDuePushesOf(deps, tenant, at, report);
  return true;
}

/** Sweeps every company once; one company's failure is logged and the others still run. */
export async function runSweeps(deps: SweepDeps, at: Date): Promise<SweepReport> {
  const report: SweepReport = { companies: 0, skipped: 0, told: {}, summaries: 0, digests: 0 };
  for (const tenant of await companies(deps.db)) {
    try {
      if (await sweepCompany(deps, tenant, at, report)) report.companies++;
    } catch (err) {
      deps.log.error({ err, tenant }, 'notification sweep failed for a company');
    }
  }
  return report;
}

/** Runs the sweeps every `intervalMs` (never two at once on this instance); stop() waits for a run in progress. */
export function startSweeps(deps: SweepDeps, intervalMs: number, now: () => Date): { stop(): Promise<void> } {
  return every(
    { intervalMs, firstAfterMs: Math.min(intervalMs, 10_000) },
    () => runSweeps(deps, now()),
    (err) => deps.log.error({ err }, 'notification sweeps failed'),
  );
}
