import { isDay } from '@groundwork/core/announcements';
import { atField, fromText, msg } from '@groundwork/core/messages';
import { MOOD_GROUPINGS, type MoodGroup, type MoodGrouping, moodAnswerSchema } from '@groundwork/core/mood';
import { and, desc, eq, lt } from 'drizzle-orm';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { type Gated, type Rule, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { pageRef } from '../../graphql/paging.js';
import { textRef } from '../../platform/texts.js';
import { ownRows } from '../employees/membership.js';
import { addNotifications, deliver } from '../notifications/notifications.service.js';
import { injuryTask, moodGroups, personName, safetyAdmins } from './mood.service.js';
import { moods } from './mood.table.js';

/**
 * The mood check-in ("happy days", spec §3 Mood, §7 Happydays; issue 21). Every member answers for themselves, once
 * a day (a second answer replaces the first) and reads only their own answers. People admins read aggregates only
 * (moodSummary): no operation hands anyone another person's answer.
 */

const OWN: Rule = { area: 'self', action: 'read' };
const AGGREGATES: Rule = { area: 'people', action: 'write' };

type MoodRow = typeof moods.$inferSelect;

const HappydayRef = builder.objectRef<MoodRow>('Happyday').implement({
  description: "One of the caller's own daily check-ins.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    employees_id: t.exposeInt('employees_id'),
    mood_date: t.exposeString('mood_date'),
    mood: t.exposeInt('mood'),
    hurt: t.exposeBoolean('hurt'),
  }),
});

const HappydayPageRef = pageRef('HappydayConnection', HappydayRef);

const MoodGroupRef = builder.objectRef<MoodGroup>('MoodGroup').implement({
  description: 'Check-ins of one day, job or department. suppressed: fewer than 5 people answered, so nothing is shown.',
  fields: (t) => ({
    key: t.exposeString('key'),
    people: t.exposeInt('people'),
    answers: t.exposeInt('answers'),
    average: t.exposeFloat('average', { nullable: true }),
    hurt: t.exposeInt('hurt', { nullable: true }),
    suppressed: t.exposeBoolean('suppressed'),
  }),
});

const dayArg = (value: string | null | undefined, field: string): string => {
  if (value == null) return new Date().toISOString().slice(0, 10);
  if (!isDay(value)) throw new AppError('VALIDATION', atField(field, msg('common.invalidDate')), { field });
  return value;
};

async function answer(g: Gated, input: { mood: number; hurt?: boolean | null; jobs_id?: number | null }, day: string): Promise<MoodRow> {
  const parsed = moodAnswerSchema.safeParse({ mood: input.mood, hurt: input.hurt ?? false, jobs_id: input.jobs_id ?? null });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION', fromText(issue.message), { field: issue.path.join('.') });
  }
  const tenant = g.member.tenantUuid;
  const me = g.member.employeeId;
  const [before] = await g.tx
    .select({ hurt: moods.hurt })
    .from(moods)
    .where(and(eq(moods.tenant_uuid, tenant), eq(moods.employees_id, me), eq(moods.mood_date, day)));
  const values = { mood: parsed.data.mood, hurt: parsed.data.hurt, jobs_id: parsed.data.jobs_id ?? null };
  let row: MoodRow;
  try {
    [row] = await g.tx
      .insert(moods)
      .values({ tenant_uuid: tenant, employees_id: me, mood_date: day, ...values })
      .onConflictDoUpdate({
        target: [moods.tenant_uuid, moods.employees_id, moods.mood_date],
        set: { ...values, updated_on: new Date().toISOString() },
      })
      .returning();
  } catch (err) {
    if ((err as { cause?: { code?: string }; code?: string }).cause?.code === '23503' || (err as { code?: string }).code === '23503') {
      throw new AppError('VALIDATION', msg('common.jobNotFound'), { field: 'jobs_id' });
    }
    throw err;
  }
  // An injury (newly said for that day) is followed up: a task for the safety admins, in their inboxes too.
  if (row.hurt && !before?.hurt) {
    const name = await personName(g.tx, tenant, me);
    const assignees = (await safetyAdmins(g.tx, tenant)).filter((p) => p !== me);
    const taskId = await injuryTask(g.tx, tenant, { id: me, name }, day, assignees);
    await deliver(
      g,
      await addNotifications(g.tx, tenant, assignees, {
        kind: 'injury_reported',
        text: textRef('notification.injury_reported', { name }),
        ref_id: taskId,
      }),
    );
  }
  return row;
}

tenantMutation('answerMood', OWN, {
  type: HappydayRef,
  description:
    "The caller's check-in for `today` (their local date): mood 1–5 and whether they were hurt at work. A second answer " +
    'the same day replaces the first. Saying they were hurt creates a follow-up task for the safety admins.',
  args: (t) => ({
    mood: t.int({ required: true }),
    hurt: t.boolean({ required: false }),
    jobs_id: t.int({ required: false }),
    today: t.string({ required: false }),
  }),
  resolve: (args, g) => answer(g, args, dayArg(args.today, 'today')),
});

tenantQuery('myMoodToday', OWN, {
  type: HappydayRef,
  nullable: true,
  description: "The caller's check-in for `today`, or null: the app asks once a day, while this is null.",
  args: (t) => ({ today: t.string({ required: false }) }),
  resolve: async (args, g) => {
    const [row] = await g.tx
      .select()
      .from(moods)
      .where(and(ownRows(moods, g.member), eq(moods.mood_date, dayArg(args.today, 'today'))));
    return row ?? null;
  },
});

tenantQuery('listHappydays', OWN, {
  type: HappydayPageRef,
  description: "Spec §7 Happydays: the caller's own check-ins, newest first. Nobody, admins included, lists another person's.",
  args: (t) => ({ limit: t.int({ required: false }), nextToken: t.string({ required: false }) }),
  resolve: async (args, g) => {
    const limit = args.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new AppError('VALIDATION', msg('common.limitRange', { max: 200 }));
    const before = args.nextToken ? Buffer.from(args.nextToken, 'base64url').toString('utf8') : null;
    if (before !== null && !isDay(before)) throw new AppError('VALIDATION', msg('common.invalidNextToken'));
    const rows = await g.tx
      .select()
      .from(moods)
      .where(and(ownRows(moods, g.member), before ? lt(moods.mood_date, before) : undefined))
      .orderBy(desc(moods.mood_date))
      .limit(limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items, nextToken: rows.length > limit && last ? Buffer.from(last.mood_date).toString('base64url') : null };
  },
});

type HappydayInput = { mood: number; hurt?: boolean | null; mood_date?: string | null; jobs_id?: number | null };
const HappydayInputRef = builder.inputRef<HappydayInput>('HappydaysInput').implement({
  fields: (t) => ({
    mood: t.int({ required: true }),
    hurt: t.boolean({ required: false }),
    mood_date: t.string({ required: false, description: "Absent: today (UTC). Always the caller's own." }),
    jobs_id: t.int({ required: false }),
  }),
});

tenantMutation('createHappydays', OWN, {
  type: [HappydayRef],
  description: "Spec §7 Happydays: the caller's own check-ins (one per day; a second for a day replaces the first).",
  args: (arg) => ({ data: arg({ type: [HappydayInputRef], required: true }) }),
  resolve: async ({ data }, g) => {
    if (data.length === 0 || data.length > 31) throw new AppError('VALIDATION', msg('mood.checkinsRange'));
    const out: MoodRow[] = [];
    for (const d of data) out.push(await answer(g, d, dayArg(d.mood_date, 'mood_date')));
    return out;
  },
});

tenantQuery('moodSummary', AGGREGATES, {
  type: [MoodGroupRef],
  description:
    "The company's check-ins between from and to (at most a year), by day, job or department, for people admins: " +
    'counts and averages only, and nothing for a group of fewer than 5 people.',
  args: (t) => ({ from: t.string({ required: true }), to: t.string({ required: true }), by: t.string({ required: true }) }),
  resolve: async (args, g) => {
    const from = dayArg(args.from, 'from');
    const to = dayArg(args.to, 'to');
    if (!(MOOD_GROUPINGS as readonly string[]).includes(args.by)) throw new AppError('VALIDATION', msg('mood.by'), { field: 'by' });
    if (to < from || Date.parse(to) - Date.parse(from) > 366 * 86_400_000) throw new AppError('VALIDATION', msg('mood.rangeYear'));
    return moodGroups(g.tx, g.member.tenantUuid, from, to, args.by as MoodGrouping);
  },
});
