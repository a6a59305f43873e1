import { fromText, type Message, msg } from '@groundwork/core/messages';
import { minuteIncrement, type PayPeriodType, payPeriodFor, type TenantSetting } from '@groundwork/core/pay-periods';
import { dayBounds, dayIn, roundToIncrement, splitByDay } from '@groundwork/core/punches';
import { dayTotalProblem, entryWindowRefusal } from '@groundwork/core/timecards';
import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { loadSettings, payPeriodConfig } from '../timecards/timecards.service.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { punchEntries, punchSegments } from './punches.table.js';

/** How far back a segment may have started and still reach a day: a missed clock-out closed weeks later is refused. */
const LONGEST_SEGMENT_DAYS = 31;

/** What writing punches to cards needs from the company, read once per request. */
export type CardRules = {
  settings: TenantSetting[];
  type: PayPeriodType;
  anchor: string;
  increment: number;
  zone: string;
};

export async function loadCardRules(tx: Tx, tenant: string, zone: string): Promise<CardRules> {
  const settings = await loadSettings(tx, tenant);
  return { settings, ...payPeriodConfig(settings), increment: minuteIncrement(settings), zone };
}

/**
 * Who is writing and how strict the card is:
 * - 'clock': a punch. The punch is always recorded (a person must be able to clock out); a day the card refuses (signed,
 *   time entry closed, over 24 h) is left as it is and its segments are flagged card_locked. Entry windows are judged
 *   as of each day's own time, the moment its hours were worked, so a live or queued punch is never late for them.
 * - 'correction': correctPunch. Refused like a typed entry: a signed card (CONFLICT, the time card's message), a day
 *   outside the entry windows for anyone but admins (judged today), more than 24 hours in a day.
 */
export type DeriveMode = { kind: 'clock' } | { kind: 'correction'; admin: boolean; today: string };

type Window = { start: Date; end: Date };
const overlapMs = (a: Window, s: { started_at: string; ended_at: string | null }) => {
  const from = Math.max(a.start.getTime(), new Date(s.started_at).getTime());
  const to = Math.min(a.end.getTime(), new Date(s.ended_at ?? a.end).getTime());
  return Math.max(0, to - from);
};

/** The segments of a person that reach into `window` (closed ones only unless `withOpen`). */
export async function segmentsIn(tx: Tx, tenant: string, employees_id: number, window: Window, withOpen = false) {
  const earliest = new Date(window.start.getTime() - LONGEST_SEGMENT_DAYS * 86_400_000).toISOString();
  return tx
    .select()
    .from(punchSegments)
    .where(
      and(
        eq(punchSegments.tenant_uuid, tenant),
        eq(punchSegments.employees_id, employees_id),
        lt(punchSegments.started_at, window.end.toISOString()),
        gt(punchSegments.started_at, earliest),
        withOpen
          ? sql`(${punchSegments.ended_at} is null or ${punchSegments.ended_at} > ${window.start.toISOString()})`
          : and(isNotNull(punchSegments.ended_at), gt(punchSegments.ended_at, window.start.toISOString())),
      ),
    )
    .orderBy(punchSegments.started_at, punchSegments.id);
}

/** Why the card does not take the day's punched time (or null). */
function refusal(
  rules: CardRules,
  mode: DeriveMode,
  day: string,
  signed: boolean,
): { code: 'CONFLICT' | 'VALIDATION'; message: Message } | null {
  if (signed) return { code: 'CONFLICT', message: msg('timecards.locked') };
  if (mode.kind === 'correction' && mode.admin) return null;
  const today = mode.kind === 'clock' ? day : mode.today;
  const { settings, type, anchor } = rules;
  const closed = entryWindowRefusal(settings, day, today, payPeriodFor(day, type, anchor), payPeriodFor(today, type, anchor));
  return closed ? { code: 'VALIDATION', message: fromText(closed) } : null;
}

/**
 * correctPunch's check of every day a correction touches, whether or not its hours change: a signed card refuses
 * everyone (CONFLICT, the time card's message: an admin reopens it first), a day outside the entry windows everyone
 * but admins.
 */
export async function checkCorrectable(
  tx: Tx,
  tenant: string,
  employees_id: number,
  days: readonly string[],
  rules: CardRules,
  mode: Extract<DeriveMode, { kind: 'correction' }>,
) {
  if (days.length === 0) return;
  const starts = [...new Set(days.map((d) => payPeriodFor(d, rules.type, rules.anchor).start))];
  const cards = await tx
    .select({ start: usersTimecard.payperiod_start_date, signed_on: usersTimecard.signed_on })
    .from(usersTimecard)
    .where(
      and(
        eq(usersTimecard.tenant_uuid, tenant),
        eq(usersTimecard.employees_id, employees_id),
        inArray(usersTimecard.payperiod_start_date, starts),
      ),
    );
  const signed = new Set(cards.filter((c) => c.signed_on).map((c) => c.start));
  for (const day of [...new Set(days)].sort()) {
    const refused = refusal(rules, mode, day, signed.has(payPeriodFor(day, rules.type, rules.anchor).start));
    if (refused) throw new AppError(refused.code, refused.message, { timecard_date: day });
  }
}

const key = (l: { jobs_id: number; costcodes_id: number }) => `${l.jobs_id}:${l.costcodes_id}`;

/**
 * Writes a person's punched time for `days` to their card: for each day, job and cost code, one entry carrying the day's
 * closed WORK minutes there (breaks are their own segments, so they are simply not counted), rounded to the company's
 * increment (nearest, half up). The entry is recomputed from the segments every time, so a repeat, a crew punch and the
 * person's own punches, or a correction, never count an hour twice. Entries typed by hand are never touched: when the
 * clock's entry is gone (the day was rewritten by hand), what had been punched until then counts as typed.
 */
export async function writePunchedDays(
  tx: Tx,
  tenant: string,
  employees_id: number,
  days: readonly string[],
  rules: CardRules,
  mode: DeriveMode,
) {
  const locked = new Set<number>();
  const clear = new Set<number>();
  /** Each segment's card_locked as stored. */
  const seen = new Map<number, boolean>();
  for (const day of [...new Set(days)].sort()) {
    const window = dayBounds(day, rules.zone);
    const segments = await segmentsIn(tx, tenant, employees_id, window);
    for (const s of segments) seen.set(s.id, s.card_locked);
    const minutes = new Map<string, { jobs_id: number; costcodes_id: number; ms: number }>();
    for (const s of segments) {
      if (s.kind !== 'WORK') continue;
      const k = key(s);
      const line = minutes.get(k) ?? { jobs_id: s.jobs_id, costcodes_id: s.costcodes_id, ms: 0 };
      line.ms += overlapMs(window, s);
      minutes.set(k, line);
    }
    const links = await tx
      .select()
      .from(punchEntries)
      .where(and(eq(punchEntries.tenant_uuid, tenant), eq(punchEntries.employees_id, employees_id), eq(punchEntries.timecard_date, day)));
    const linked = new Map(links.map((l) => [key(l), l]));
    const nothing = links.length === 0 && [...minutes.values()].every((m) => roundToIncrement(m.ms / 60_000, rules.increment) === 0);
    const theDay = nothing
      ? []
      : await tx
          .select({ id: timecardEntries.id, hours: timecardEntries.hours })
          .from(timecardEntries)
          .where(
            and(
              eq(timecardEntries.tenant_uuid, tenant),
              eq(timecardEntries.employees_id, employees_id),
              eq(timecardEntries.timecard_date, day),
            ),
          );
    const entries = new Map(theDay.map((e) => [e.id, e]));

    // What each line of the clock's should carry.
    const plan = [...new Set([...minutes.keys(), ...linked.keys()])].map((k) => {
      const m = minutes.get(k);
      const link = linked.get(k);
      const [jobs_id, costcodes_id] = k.split(':').map(Number);
      const total = roundToIncrement((m?.ms ?? 0) / 60_000, rules.increment);
      const entry = link?.timecard_entries_id != null ? entries.get(link.timecard_entries_id) : undefined;
      // The clock's entry was deleted by a hand-written day: what it carried is now the person's own typing.
      const base = link && link.timecard_entries_id != null && !entry ? link.total_minutes : (link?.base_minutes ?? 0);
      return { jobs_id, costcodes_id, total, base, entry, want: Math.max(0, total - base), link };
    });
    const mine = new Set(plan.flatMap((p) => (p.entry ? [p.entry.id] : [])));
    const kept = theDay.filter((e) => !mine.has(e.id));
    const dayIds = segments.map((s) => s.id);

    const period = payPeriodFor(day, rules.type, rules.anchor);
    const needsCard = plan.some((p) => p.want > 0 || p.entry);
    let card: { id: number; signed_on: string | null } | undefined;
    if (needsCard) {
      const find = () =>
        tx
          .select({ id: usersTimecard.id, signed_on: usersTimecard.signed_on })
          .from(usersTimecard)
          .where(
            and(
              eq(usersTimecard.tenant_uuid, tenant),
              eq(usersTimecard.employees_id, employees_id),
              eq(usersTimecard.payperiod_start_date, period.start),
            ),
          );
      [card] = await find();
      if (!card) {
        await tx
          .insert(usersTimecard)
          .values({ tenant_uuid: tenant, employees_id, payperiod_start_date: period.start, payperiod_end_date: period.end })
          .onConflictDoNothing();
        [card] = await find();
      }
    }
    const changes = plan.some((p) => Math.round((p.entry?.hours ?? 0) * 60) !== p.want);
    let refused = changes ? refusal(rules, mode, day, Boolean(card?.signed_on)) : null;
    const over = dayTotalProblem([...kept, ...plan.map((p) => ({ hours: p.want / 60 }))]);
    if (!refused && changes && over) refused = { code: 'VALIDATION', message: fromText(over) };
    if (refused) {
      if (mode.kind === 'correction') throw new AppError(refused.code, refused.message, { timecard_date: day });
      for (const id of dayIds) locked.add(id);
      continue;
    }
    for (const id of dayIds) clear.add(id);
    for (const p of plan) {
      let entryId = p.entry?.id ?? null;
      if (p.want > 0 && p.entry) {
        if (Math.round(p.entry.hours * 60) !== p.want) {
          await tx
            .update(timecardEntries)
            .set({ hours: p.want / 60, updated_on: sql`now()` })
            .where(and(eq(timecardEntries.tenant_uuid, tenant), eq(timecardEntries.id, p.entry.id)));
        }
      } else if (p.want > 0 && card) {
        const [row] = await tx
          .insert(timecardEntries)
          .values({
            tenant_uuid: tenant,
            users_timecard_id: card.id,
            employees_id,
            timecard_date: day,
            jobs_id: p.jobs_id,
            costcodes_id: p.costcodes_id,
            hours: p.want / 60,
            created_by: employees_id,
          })
          .returning({ id: timecardEntries.id });
        entryId = row.id;
      } else if (p.entry) {
        await tx.delete(timecardEntries).where(and(eq(timecardEntries.tenant_uuid, tenant), eq(timecardEntries.id, p.entry.id)));
        entryId = null;
      }
      const values = { timecard_entries_id: entryId, base_minutes: p.base, total_minutes: p.total };
      if (p.link) {
        if (p.link.timecard_entries_id !== entryId || p.link.base_minutes !== p.base || p.link.total_minutes !== p.total) {
          await tx
            .update(punchEntries)
            .set({ ...values, updated_on: sql`now()` })
            .where(
              and(
                eq(punchEntries.tenant_uuid, tenant),
                eq(punchEntries.employees_id, employees_id),
                eq(punchEntries.timecard_date, day),
                eq(punchEntries.jobs_id, p.jobs_id),
                eq(punchEntries.costcodes_id, p.costcodes_id),
              ),
            );
        }
      } else if (p.total > 0) {
        await tx
          .insert(punchEntries)
          .values({ tenant_uuid: tenant, employees_id, timecard_date: day, jobs_id: p.jobs_id, costcodes_id: p.costcodes_id, ...values });
      }
    }
  }
  for (const id of locked) clear.delete(id);
  // Only the segments whose flag changes are written; every segment the days touch is answered.
  const flags = new Map<number, boolean>([
    ...[...clear].map((id) => [id, false] as const),
    ...[...locked].map((id) => [id, true] as const),
  ]);
  for (const value of [true, false]) {
    const ids = [...flags].filter(([id, v]) => v === value && seen.get(id) !== value).map(([id]) => id);
    if (ids.length === 0) continue;
    await tx
      .update(punchSegments)
      .set({ card_locked: value })
      .where(and(eq(punchSegments.tenant_uuid, tenant), inArray(punchSegments.id, ids)));
  }
  return flags;
}

/** The days [start, end) touches in the company's zone (a segment over midnight touches two; an empty one its own). */
export function daysOf(start: Date, end: Date, zone: string): string[] {
  const days = splitByDay(start, end, zone).map((p) => p.day);
  return days.length ? days : [dayIn(start, zone)];
}
