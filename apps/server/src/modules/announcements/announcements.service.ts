import type { Audience } from '@groundwork/core/announcements';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sanitiseRichText } from '../../platform/rich-text.js';
import { employees } from '../employees/employees.table.js';
import { jobsForemen, jobsPms } from '../jobs/jobs.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { usergroupUsers } from '../usergroups/usergroups.table.js';
import { announcementReceipts, announcements, departmentMembers, divisionMembers } from './announcements.table.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** A crew member is on a job they are scheduled on within this many days either side of today (as tasks). */
const CREW_WINDOW_DAYS = 14;

/** The rich body as stored: the platform's one rich-text rule (formatting, lists and links; nothing that runs). */
export const sanitiseBody = sanitiseRichText;

/**
 * The company's announcements running on `today`: active, not expired, and started as `starts` says (the app shows
 * those already started, the morning sweep tells of those just starting).
 */
export function runningOn(tenant: string, today: string, starts: SQL) {
  return and(eq(announcements.tenant_uuid, tenant), eq(announcements.status, 1), starts, sql`${announcements.exp_date} >= ${today}`);
}

/** The e-mail addresses of `people` that have one (an announcement not shown in the app goes by e-mail). */
export async function audienceEmails(tx: Tx, tenant: string, people: readonly number[]): Promise<string[]> {
  if (people.length === 0) return [];
  const rows = await tx
    .select({ email: employees.email })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, [...people]), sql`coalesce(${employees.email}, '') <> ''`));
  return rows.map((r) => r.email as string);
}

/** The active people an audience reaches, by employee id. */
export async function audienceMembers(tx: Tx, tenant: string, audience: Audience, ids: readonly number[]): Promise<number[]> {
  const active = sql`exists (select 1 from ${employees} e where e.tenant_uuid = ${tenant} and e.id = x.employees_id and e.status = 1)`;
  if (audience === 'everyone') {
    const rows = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1)));
    return rows.map((r) => r.id);
  }
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((i) => sql`${i}::int`),
    sql`, `,
  );
  let inner: ReturnType<typeof sql>;
  switch (audience) {
    case 'departments':
      inner = sql`select employees_id from ${departmentMembers} where tenant_uuid = ${tenant} and departments_id in (${list})`;
      break;
    case 'divisions':
      inner = sql`select employees_id from ${divisionMembers} where tenant_uuid = ${tenant} and divisions_id in (${list})`;
      break;
    case 'usergroups':
      inner = sql`select employees_id from ${usergroupUsers} where tenant_uuid = ${tenant} and usergroups_id in (${list})`;
      break;
    case 'jobs':
      inner = sql`select employees_id from ${jobsForemen} where tenant_uuid = ${tenant} and jobs_id in (${list})
        union select employees_id from ${jobsPms} where tenant_uuid = ${tenant} and jobs_id in (${list})
        union select employees_id from ${scheduledLabor} where tenant_uuid = ${tenant} and jobs_id in (${list})
          and date between current_date - ${CREW_WINDOW_DAYS}::int and current_date + ${CREW_WINDOW_DAYS}::int`;
      break;
  }
  const res = (await tx.execute(sql`select distinct x.employees_id from (${inner}) x where ${active}`)) as unknown as {
    rows: { employees_id: number }[];
  };
  return res.rows.map((r) => Number(r.employees_id));
}

/** The departments, divisions, jobs and user groups a person belongs to: which audiences reach them. */
export type Belonging = Record<Exclude<Audience, 'everyone'>, Set<number>>;

export async function belongingOf(tx: Tx, tenant: string, me: number): Promise<Belonging> {
  const res = (await tx.execute(sql`
    select 'departments' as kind, departments_id as id from ${departmentMembers} where tenant_uuid = ${tenant} and employees_id = ${me}
    union all select 'divisions', divisions_id from ${divisionMembers} where tenant_uuid = ${tenant} and employees_id = ${me}
    union all select 'usergroups', usergroups_id from ${usergroupUsers} where tenant_uuid = ${tenant} and employees_id = ${me}
    union all select 'jobs', jobs_id from ${jobsForemen} where tenant_uuid = ${tenant} and employees_id = ${me}
    union all select 'jobs', jobs_id from ${jobsPms} where tenant_uuid = ${tenant} and employees_id = ${me}
    union all select 'jobs', jobs_id from ${scheduledLabor} where tenant_uuid = ${tenant} and employees_id = ${me} and jobs_id is not null
      and date between current_date - ${CREW_WINDOW_DAYS}::int and current_date + ${CREW_WINDOW_DAYS}::int`)) as unknown as {
    rows: { kind: keyof Belonging; id: number }[];
  };
  const b: Belonging = { departments: new Set(), divisions: new Set(), jobs: new Set(), usergroups: new Set() };
  for (const r of res.rows) b[r.kind].add(Number(r.id));
  return b;
}

export function reaches(a: Pick<AnnouncementRow, 'audience' | 'audience_ids'>, b: Belonging): boolean {
  if (a.audience === 'everyone') return true;
  const mine = b[a.audience];
  return (a.audience_ids ?? []).some((id) => mine?.has(id));
}

export type Receipt = { announcements_id: number; employees_id: number; seen_on: string; acked_on: string | null };

export async function receiptsOf(tx: Tx, tenant: string, ids: number[], person?: number): Promise<Receipt[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(announcementReceipts)
    .where(
      and(
        eq(announcementReceipts.tenant_uuid, tenant),
        inArray(announcementReceipts.announcements_id, ids),
        person === undefined ? undefined : eq(announcementReceipts.employees_id, person),
      ),
    );
}

/** Records that `me` has seen these announcements (the first time only) and, with `ack`, acknowledged them. */
export async function markReceipts(tx: Tx, tenant: string, me: number, ids: number[], ack: boolean): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .insert(announcementReceipts)
    .values(ids.map((announcements_id) => ({ tenant_uuid: tenant, announcements_id, employees_id: me, acked_on: ack ? sql`now()` : null })))
    .onConflictDoUpdate({
      target: [announcementReceipts.tenant_uuid, announcementReceipts.announcements_id, announcementReceipts.employees_id],
      set: ack ? { acked_on: sql`coalesce(${announcementReceipts.acked_on}, now())` } : { seen_on: sql`${announcementReceipts.seen_on}` },
    });
}

/** Unpins every other announcement of the company, so `keep` can be the one default. */
export async function unpinOthers(tx: Tx, tenant: string, keep: number | null): Promise<void> {
  await tx
    .update(announcements)
    .set({ is_default: false })
    .where(
      and(
        eq(announcements.tenant_uuid, tenant),
        eq(announcements.is_default, true),
        keep === null ? undefined : sql`${announcements.id} <> ${keep}`,
      ),
    );
}
