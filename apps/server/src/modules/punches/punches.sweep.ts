import type { NotificationKind } from '@groundwork/core/notifications';
import { addDays } from '@groundwork/core/pay-periods';
import { dayIn, dayStart, MISSED_CLOCK_OUT_AFTER_HOURS } from '@groundwork/core/punches';
import { and, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type TextRef, textRef } from '../../platform/texts.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs, jobsForemen } from '../jobs/jobs.table.js';
import { noticeKeys } from '../notifications/notifications.table.js';
import { loadPunchSettings } from './punches.settings.js';
import { punchSegments } from './punches.table.js';

type Notice = { kind: NotificationKind; people: number[]; text: TextRef; ref_id?: number | null };

/**
 * The day-end sweep (issue 47), run by the notification sweeps in the company's walled transaction: a segment still
 * open once its day has ended in the company's zone and it has run MISSED_CLOCK_OUT_AFTER_HOURS (a day shift's at
 * midnight, a night shift's the next afternoon) is flagged missed_clock_out, and told once to the person and once to
 * each foreman of its job, each in their own language when they read it. The flag is the "once": it is set in the
 * same statement that picks the segment, and a flagged segment is never picked again (a correction keeps the flag).
 * The segment stays open: nobody invents its end; the person or a foreman corrects it.
 */
export async function missedClockOuts(tx: Tx, tenant: string, at: Date): Promise<Notice[]> {
  const { time_zone: zone } = await loadPunchSettings(tx, tenant);
  const cutoff = new Date(at.getTime() - MISSED_CLOCK_OUT_AFTER_HOURS * 3_600_000).toISOString();
  const candidates = await tx
    .select({ id: punchSegments.id, started_at: punchSegments.started_at })
    .from(punchSegments)
    .where(
      and(
        eq(punchSegments.tenant_uuid, tenant),
        isNull(punchSegments.ended_at),
        lte(punchSegments.started_at, cutoff),
        eq(punchSegments.missed_clock_out, false),
      ),
    );
  const due = candidates.filter((s) => dayStart(addDays(dayIn(s.started_at, zone), 1), zone) <= at).map((s) => s.id);
  if (due.length === 0) return [];
  const flagged = await tx
    .update(punchSegments)
    .set({ missed_clock_out: true, updated_on: sql`now()` })
    .where(
      and(
        eq(punchSegments.tenant_uuid, tenant),
        inArray(punchSegments.id, due),
        isNull(punchSegments.ended_at),
        eq(punchSegments.missed_clock_out, false),
      ),
    )
    .returning({
      id: punchSegments.id,
      employees_id: punchSegments.employees_id,
      jobs_id: punchSegments.jobs_id,
      started_at: punchSegments.started_at,
    });
  if (flagged.length === 0) return [];
  const jobIds = [...new Set(flagged.map((s) => s.jobs_id))];
  const labels = new Map(
    (
      await tx
        .select({ id: jobs.id, label: jobLabelSql })
        .from(jobs)
        .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, jobIds)))
    ).map((j) => [j.id, j.label]),
  );
  const names = new Map(
    (
      await tx
        .select({ id: employees.id, name: employeeName })
        .from(employees)
        .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, [...new Set(flagged.map((s) => s.employees_id))])))
    ).map((e) => [e.id, e.name]),
  );
  const foremen = new Map<number, number[]>();
  for (const f of await tx
    .select({ jobs_id: jobsForemen.jobs_id, employees_id: jobsForemen.employees_id })
    .from(jobsForemen)
    .innerJoin(
      employees,
      and(eq(employees.tenant_uuid, jobsForemen.tenant_uuid), eq(employees.id, jobsForemen.employees_id), eq(employees.status, 1)),
    )
    .where(and(eq(jobsForemen.tenant_uuid, tenant), inArray(jobsForemen.jobs_id, jobIds)))) {
    foremen.set(f.jobs_id, [...(foremen.get(f.jobs_id) ?? []), f.employees_id]);
  }
  const notices: Notice[] = [];
  for (const s of flagged) {
    const job = labels.get(s.jobs_id) ?? `#${s.jobs_id}`;
    const since = { time: new Date(s.started_at).toISOString(), timeZone: zone };
    notices.push({
      kind: 'missed_clock_out',
      people: [s.employees_id],
      text: textRef('notification.missed_clock_out_self', { job, since }),
      ref_id: s.id,
    });
    const crew = (foremen.get(s.jobs_id) ?? []).filter((f) => f !== s.employees_id);
    if (crew.length) {
      notices.push({
        kind: 'missed_clock_out',
        people: crew,
        text: textRef('notification.missed_clock_out_crew', { name: names.get(s.employees_id) ?? `#${s.employees_id}`, job, since }),
        ref_id: s.id,
      });
    }
  }
  return notices;
}

/**
 * Punch locations are kept location_retention_days: then the fix (position, accuracy, its time) is dropped from the
 * segment; the status, the distance and the fence flag stay. Once a day per company (a key in notice_keys), so the
 * scan does not repeat on every sweep.
 */
export async function forgetOldPunchLocations(tx: Tx, tenant: string, at: Date): Promise<number> {
  const { location_retention_days: days, time_zone: zone } = await loadPunchSettings(tx, tenant);
  const claimed = await tx
    .insert(noticeKeys)
    .values({ tenant_uuid: tenant, key: `punch_retention:${dayIn(at, zone)}` })
    .onConflictDoNothing()
    .returning({ key: noticeKeys.key });
  if (claimed.length === 0) return 0;
  const cutoff = new Date(at.getTime() - days * 86_400_000).toISOString();
  const starts = await tx
    .update(punchSegments)
    .set({ start_latitude: null, start_longitude: null, start_accuracy_m: null, start_located_at: null })
    .where(and(eq(punchSegments.tenant_uuid, tenant), lt(punchSegments.started_at, cutoff), isNotNull(punchSegments.start_latitude)))
    .returning({ id: punchSegments.id });
  const ends = await tx
    .update(punchSegments)
    .set({ end_latitude: null, end_longitude: null, end_accuracy_m: null, end_located_at: null })
    .where(and(eq(punchSegments.tenant_uuid, tenant), lt(punchSegments.ended_at, cutoff), isNotNull(punchSegments.end_latitude)))
    .returning({ id: punchSegments.id });
  return starts.length + ends.length;
}
