import { msg } from '@groundwork/core/messages';
import { isoDay } from '@groundwork/core/pay-periods';
import { isToolDate, RESERVATION_DEFAULT_STATUS } from '@groundwork/core/tools';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../graphql/errors.js';
import type { Gated } from '../../graphql/gate.js';
import { extendRows } from '../../graphql/paging.js';
import { storedRows } from '../../graphql/record-columns.js';
import type { BeforeWrite } from '../../graphql/record-operations.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { checkIds, cleanNote } from './tools.rules.js';
import { checkNoOverlap, overdueWhere, type ReservationRow, reservationRows } from './tools.service.js';
import { reservations, tools } from './tools.table.js';

const today = () => isoDay(new Date());
const withOverdue = (rows: ReservationRow[]) => {
  const now = today();
  return extendRows(rows, (r) => ({ overdue: r.status === 1 && !r.is_completed && r.end_date < now }));
};

/** Reservations' record operations: the dates in order, no tool reserved twice on a day; the author recorded. */
export const reservationRule: BeforeWrite = async (tx, member, action, changes) => {
  if (action === 'delete') return;
  const tenant = member.tenantUuid;
  const stored = await storedRows(tx, reservations, tenant, changes);
  const wanted = changes.flatMap((c) => {
    const before = stored.find((s) => s.id === c.id);
    const merged = { ...before, ...c.patch } as Record<string, unknown>;
    if (action === 'create' && c.patch) c.patch.created_by = member.employeeId;
    if (merged.status !== undefined && merged.status !== 1) return [];
    if (merged.is_completed === true) return [];
    const start = merged.start_date as string;
    const end = merged.end_date as string;
    if (!isToolDate(start) || !isToolDate(end)) return [];
    if (end < start) throw new AppError('VALIDATION', msg('tools.endBeforeStart'), { field: 'end_date' });
    return [{ tools_id: merged.tools_id as number, start_date: start, end_date: end, exceptId: c.id }];
  });
  await checkNoOverlap(tx, tenant, wanted);
};

/** toolReservations: one tool's, or the company's active ones (or only the overdue). */
export async function toolReservations(args: { tools_id?: number | null; overdue_only?: boolean | null }, g: Gated) {
  const now = today();
  const where = args.overdue_only
    ? overdueWhere(now)
    : args.tools_id != null
      ? eq(reservations.tools_id, args.tools_id)
      : and(eq(reservations.status, 1), eq(reservations.is_completed, false));
  return withOverdue(await reservationRows(g.tx, g.member.tenantUuid, where, 500));
}

export type ReserveArgs = {
  tool_ids: number[];
  start_date: string;
  end_date: string;
  employees_id?: number | null;
  jobs_id?: number | null;
  note?: string | null;
};

/** reserveTools: all or nothing; a tool already reserved on any of the days refuses the call. */
export async function reserveTools(args: ReserveArgs, g: Gated) {
  checkIds(args.tool_ids);
  const tenant = g.member.tenantUuid;
  if (!isToolDate(args.start_date)) throw new AppError('VALIDATION', msg('tools.invalidDate'), { field: 'start_date' });
  if (!isToolDate(args.end_date)) throw new AppError('VALIDATION', msg('tools.invalidDate'), { field: 'end_date' });
  if (args.end_date < args.start_date) throw new AppError('VALIDATION', msg('tools.endBeforeStart'), { field: 'end_date' });
  if (args.employees_id == null && args.jobs_id == null) throw new AppError('VALIDATION', msg('tools.holder'), { field: 'jobs_id' });
  if (args.employees_id != null) {
    const [p] = await g.tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, args.employees_id)));
    if (!p) throw new AppError('VALIDATION', msg('tools.person'), { field: 'employees_id' });
  }
  if (args.jobs_id != null) {
    const [j] = await g.tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.tenant_uuid, tenant), eq(jobs.id, args.jobs_id), sql`${jobs.status} <> 0`));
    if (!j) throw new AppError('VALIDATION', msg('tools.job'), { field: 'jobs_id' });
  }
  const ids = [...new Set(args.tool_ids)];
  const found = await g.tx
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.tenant_uuid, tenant), inArray(tools.id, ids), eq(tools.status, 1)));
  if (found.length !== ids.length) throw new AppError('NOT_FOUND', msg('tools.tool'));
  await checkNoOverlap(
    g.tx,
    tenant,
    ids.map((tools_id) => ({ tools_id, start_date: args.start_date, end_date: args.end_date })),
  );
  const rows = await g.tx
    .insert(reservations)
    .values(
      ids.map((tools_id) => ({
        tenant_uuid: tenant,
        tools_id,
        start_date: args.start_date,
        end_date: args.end_date,
        status: RESERVATION_DEFAULT_STATUS,
        employees_id: args.employees_id ?? null,
        jobs_id: args.jobs_id ?? null,
        note: cleanNote(args.note),
        created_by: g.member.employeeId,
      })),
    )
    .returning({ id: reservations.id });
  return withOverdue(
    await reservationRows(
      g.tx,
      tenant,
      inArray(
        reservations.id,
        rows.map((r) => r.id),
      ),
    ),
  );
}

/** Checks a reservation out (picked up) or in (returned, and so completed). */
export async function stepReservation(g: Gated, id: number, step: 'out' | 'in') {
  const tenant = g.member.tenantUuid;
  const [r] = await g.tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.tenant_uuid, tenant), eq(reservations.id, id)))
    .for('update');
  if (!r) throw notFound(msg('tools.reservationNotFound'));
  if (r.is_completed || r.status !== 1) throw new AppError('VALIDATION', msg('tools.completed'));
  const now = new Date().toISOString();
  await g.tx
    .update(reservations)
    .set(
      step === 'out' ? { checked_out_on: now, updated_on: sql`now()` } : { checked_in_on: now, is_completed: true, updated_on: sql`now()` },
    )
    .where(and(eq(reservations.tenant_uuid, tenant), eq(reservations.id, id)));
  const [view] = withOverdue(await reservationRows(g.tx, tenant, eq(reservations.id, id)));
  return view;
}
