import { COGNITO_STATUS } from '@groundwork/core/people';
import {
  INACTIVE_DAYS,
  type MissingContact,
  missingContact,
  parseTradeList,
  TENURE_BUCKETS,
  type TenureBucket,
  tenureBucket,
} from '@groundwork/core/people-report';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { departmentMembers, divisionMembers } from '../announcements/announcements.table.js';
import { departments } from '../departments/departments.table.js';
import { divisions } from '../divisions/divisions.table.js';
import { employees } from '../employees/employees.table.js';

/** One group of a headcount: `key` is stable (an id, a status, a bucket), `label` is what a reader sees. */
export type ReportCount = { key: string; label: string; count: number };

export type ReportPerson = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  missing: MissingContact[];
  has_account: boolean;
  last_seen: string | null;
};

export type ReportPage = { items: ReportPerson[]; total: number; next_offset: number | null };

type PersonRow = {
  id: number;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  cellphone: string | null;
  status: number;
  hiredate: string | null;
  trades: string | null;
  cognito_uuid: string | null;
  cognito_status: string | null;
};

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

const nameOf = (p: Pick<PersonRow, 'firstname' | 'lastname' | 'id'>) =>
  [p.firstname, p.lastname].filter((x) => x?.trim()).join(' ') || `#${p.id}`;

const byName = (a: PersonRow, b: PersonRow) => nameOf(a).localeCompare(nameOf(b)) || a.id - b.id;

/** Every person row of the company: the report is about people, never history, so this stays a few thousand rows. */
export function companyPeople(tx: Tx, tenant: string): Promise<PersonRow[]> {
  return rowsOf<PersonRow>(
    tx,
    sql`select id, firstname, lastname, email, cellphone, status, hiredate::text as hiredate, trades, cognito_uuid, cognito_status
      from ${employees} where tenant_uuid = ${tenant}`,
  );
}

/** Active people per department (or division); people in none are the group with key ''. */
async function membership(tx: Tx, tenant: string, which: 'department' | 'division', active: number): Promise<ReportCount[]> {
  const [members, table, idCol, nameCol] =
    which === 'department'
      ? [departmentMembers, departments, sql`m.departments_id`, sql`g.department`]
      : [divisionMembers, divisions, sql`m.divisions_id`, sql`g.division`];
  const rows = await rowsOf<{ id: number; name: string; count: number }>(
    tx,
    sql`select g.id, ${nameCol} as name, count(distinct e.id)::int as count
      from ${members} m
      join ${table} g on g.tenant_uuid = m.tenant_uuid and g.id = ${idCol}
      join ${employees} e on e.tenant_uuid = m.tenant_uuid and e.id = m.employees_id and e.status = 1
      where m.tenant_uuid = ${tenant}
      group by g.id, ${nameCol} order by count(distinct e.id) desc, ${nameCol}`,
  );
  const placed = await rowsOf<{ count: number }>(
    tx,
    sql`select count(distinct m.employees_id)::int as count from ${members} m
      join ${employees} e on e.tenant_uuid = m.tenant_uuid and e.id = m.employees_id and e.status = 1
      where m.tenant_uuid = ${tenant}`,
  );
  const out = rows.map((r) => ({ key: String(r.id), label: r.name, count: r.count }));
  const none = active - (placed[0]?.count ?? 0);
  if (none > 0) out.push({ key: '', label: '', count: none });
  return out;
}

const STATUS_LABELS: Record<number, string> = { 1: 'active', 0: 'archived' };

/** The headcounts: by status (every row), and among active people by trade, department, division and tenure. */
export async function headcounts(tx: Tx, tenant: string, people: PersonRow[], today: string) {
  const active = people.filter((p) => p.status === 1);
  const status = new Map<number, number>();
  for (const p of people) status.set(p.status, (status.get(p.status) ?? 0) + 1);
  const trades = new Map<string, number>();
  const tenure = new Map<TenureBucket, number>(TENURE_BUCKETS.map((b) => [b, 0]));
  for (const p of active) {
    const list = parseTradeList(p.trades);
    for (const trade of list.length ? list : ['']) trades.set(trade, (trades.get(trade) ?? 0) + 1);
    const bucket = tenureBucket(p.hiredate, today);
    tenure.set(bucket, (tenure.get(bucket) ?? 0) + 1);
  }
  return {
    total: people.length,
    active: active.length,
    by_status: [...status]
      .sort((a, b) => b[0] - a[0])
      .map(([key, count]) => ({ key: String(key), label: STATUS_LABELS[key] ?? String(key), count })),
    // Most common first; no trade last.
    by_trade: [...trades]
      .sort((a, b) => (a[0] === '' ? 1 : b[0] === '' ? -1 : b[1] - a[1] || a[0].localeCompare(b[0])))
      .map(([key, count]) => ({ key, label: key, count })),
    by_department: await membership(tx, tenant, 'department', active.length),
    by_division: await membership(tx, tenant, 'division', active.length),
    by_tenure: TENURE_BUCKETS.map((key) => ({ key, label: key, count: tenure.get(key) ?? 0 })),
  };
}

const hasAccount = (p: PersonRow) => Boolean(p.cognito_uuid) && p.cognito_status !== COGNITO_STATUS.deleted;

function page(people: PersonRow[], offset: number, limit: number, seen?: Map<string, Date>): ReportPage {
  const items = people.slice(offset, offset + limit).map((p) => {
    const at = p.cognito_uuid ? seen?.get(p.cognito_uuid) : undefined;
    return {
      id: p.id,
      name: nameOf(p),
      email: p.email?.trim() || null,
      phone: p.cellphone?.trim() || null,
      missing: missingContact(p),
      has_account: hasAccount(p),
      last_seen: at ? at.toISOString() : null,
    };
  });
  return { items, total: people.length, next_offset: offset + limit < people.length ? offset + limit : null };
}

/** Active people without a work e-mail or a cell phone, by name. */
export function missingContactPage(people: PersonRow[], offset: number, limit: number): ReportPage {
  const missing = people.filter((p) => p.status === 1 && missingContact(p).length > 0).sort(byName);
  return page(missing, offset, limit);
}

/**
 * Active people who have not signed in for INACTIVE_DAYS: no session used since then, or none at all (never signed
 * in, signed out, or no account). Longest silent first: no account, then no session, then the oldest session.
 */
export async function inactivePage(
  people: PersonRow[],
  lastSeen: (ids: string[]) => Promise<Map<string, Date>>,
  now: Date,
  offset: number,
  limit: number,
): Promise<ReportPage> {
  const active = people.filter((p) => p.status === 1);
  const seen = await lastSeen(active.filter(hasAccount).map((p) => p.cognito_uuid as string));
  const cutoff = now.getTime() - INACTIVE_DAYS * 86_400_000;
  const at = (p: PersonRow) => (hasAccount(p) ? (seen.get(p.cognito_uuid as string)?.getTime() ?? 0) : -1);
  const silent = active.filter((p) => at(p) < cutoff).sort((a, b) => at(a) - at(b) || byName(a, b));
  return page(silent, offset, limit, seen);
}
