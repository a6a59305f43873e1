import {
  defaultWindow,
  isoDay,
  minuteIncrement,
  PAY_PERIOD_TYPES,
  type PayPeriodType,
  payPeriodFor,
  type TenantSetting,
  TIMECARD_SETTINGS,
  toDayNumber,
} from '@groundwork/core/pay-periods';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { dayEntryProblem, dayEntrySchema, entryWindowRefusal, TIMECARD_MESSAGES } from '@groundwork/core/timecards';
import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { builder } from '../../graphql/builder.js';
import { type Ctx, checkSessionTenant, type Member, requireMember } from '../../graphql/context.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { clock } from '../../platform/clock.js';
import type { Row } from '../../platform/realtime.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsCostcodes, jobsForemen } from '../jobs/jobs.table.js';
import { tenantSettings } from '../settings/settings.table.js';
import { timecardEntries, usersTimecard } from './timecards.table.js';

// Generic operations (spec §7 lists Timecards and Timecardentry): admins see and correct everything;
// anyone else reads only their own cards. Entering time goes through createOrUpdateTimecardDayEntry.
const cardOps = defineRecordOperations({
  name: 'Timecards',
  typeName: 'UsersTimecard',
  table: usersTimecard,
  permissions: { admin: ADMIN_ACCESS, basic: 'basic_access' },
  ownRecords: true,
  orderBy: () => [sql`${usersTimecard.payperiod_start_date}`],
  readOnly: ['signed_on', 'signed_by'],
});
const entryOps = defineRecordOperations({
  name: 'Timecardentry',
  typeName: 'TimecardEntry',
  table: timecardEntries,
  permissions: { admin: ADMIN_ACCESS, basic: 'basic_access' },
  ownRecords: true,
  orderBy: () => [sql`${timecardEntries.timecard_date}`],
});

/** No request may read a company's whole history: a window is at most this many days. */
const MAX_WINDOW_DAYS = 62;
/** A bound on the jobs offered on a time card: companies run hundreds of open jobs, not thousands. */
const MAX_TIMECARD_JOBS = 2000;
/** A Monday, used when a company has not set setting 15. */
const DEFAULT_ANCHOR = '2024-01-01';

const isAdmin = (m: Member) => m.permissions.has(ADMIN_ACCESS);

async function inTenant<T>(ctx: Ctx, tenantUuid: string, fn: (tx: Tx, member: Member) => Promise<T>): Promise<T> {
  checkSessionTenant(ctx, tenantUuid);
  return withTenant(ctx.db, tenantUuid, async (tx) => fn(tx, await requireMember(ctx, tenantUuid, tx)));
}

async function loadSettings(tx: Tx, tenantUuid: string): Promise<TenantSetting[]> {
  const rows = await tx.select().from(tenantSettings).where(eq(tenantSettings.tenant_uuid, tenantUuid));
  return rows.map((r) => ({ id: r.codx_tenant_options_values_id, custom_value: r.custom_value, pass_through_value: r.pass_through_value }));
}

function payPeriodConfig(settings: TenantSetting[]): { type: PayPeriodType; anchor: string } {
  const typeSetting = settings.find((s) => s.id === TIMECARD_SETTINGS.payPeriodType);
  const type = Number(typeSetting?.pass_through_value ?? typeSetting?.custom_value);
  const anchor = settings.find((s) => s.id === TIMECARD_SETTINGS.payPeriodStart)?.custom_value;
  return {
    type: ([1, 2, 3].includes(type) ? type : PAY_PERIOD_TYPES.weekly) as PayPeriodType,
    anchor: anchor && /^\d{4}-\d{2}-\d{2}$/.test(anchor) ? anchor : DEFAULT_ANCHOR,
  };
}

/** Jobs on which the member is a foreman: the jobs whose crew time they may enter and see. */
async function foremanJobs(tx: Tx, member: Member): Promise<number[]> {
  const rows = await tx
    .select({ id: jobsForemen.jobs_id })
    .from(jobsForemen)
    .where(and(eq(jobsForemen.tenant_uuid, member.tenantUuid), eq(jobsForemen.employees_id, member.employeeId)));
  return rows.map((r) => r.id);
}

function checkDate(value: string, field: string) {
  try {
    toDayNumber(value);
  } catch {
    throw new AppError('VALIDATION', `${field}: Invalid format`, { field });
  }
}

/** Names for the people, jobs and cost codes a result mentions, so a card reads without other permissions. */
async function referencedRows(tx: Tx, tenant: string, personIds: number[], entries: Row[]) {
  const people = [...new Set(personIds)];
  const jobIds = [...new Set(entries.map((e) => e.jobs_id as number))];
  const codeIds = [...new Set(entries.map((e) => e.costcodes_id as number))];
  return {
    people: (await tx
      .select({ id: employees.id, firstname: employees.firstname, lastname: employees.lastname, username: employees.username })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), inArray(employees.id, people)))
      .orderBy(asc(employees.lastname), asc(employees.firstname), asc(employees.id))) as Person[],
    jobs: jobIds.length
      ? await tx
          .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr, status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.tenant_uuid, tenant), inArray(jobs.id, jobIds)))
      : [],
    costcodes: codeIds.length
      ? await tx
          .select({ id: costcodes.id, costcode: costcodes.costcode, description: costcodes.description })
          .from(costcodes)
          .where(and(eq(costcodes.tenant_uuid, tenant), inArray(costcodes.id, codeIds)))
      : [],
  };
}

// --- Types -----------------------------------------------------------------------------------------

const SettingsRef = builder
  .objectRef<{ pay_period_type: number; pay_period_anchor: string; minute_increment: number; today: string }>('TimecardSettings')
  .implement({
    fields: (t) => ({
      pay_period_type: t.exposeInt('pay_period_type'),
      pay_period_anchor: t.exposeString('pay_period_anchor'),
      minute_increment: t.exposeInt('minute_increment'),
      today: t.exposeString('today'),
    }),
  });

type Person = { id: number; firstname: string | null; lastname: string | null; username: string | null };
type JobRef = { id: number; job: string; job_abbr: string | null; status: number };
type CodeRef = { id: number; costcode: string; description: string | null };

const PersonRef = builder.objectRef<Person>('TimecardPerson').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    firstname: t.exposeString('firstname', { nullable: true }),
    lastname: t.exposeString('lastname', { nullable: true }),
    username: t.exposeString('username', { nullable: true }),
  }),
});
const JobRefType = builder.objectRef<JobRef>('TimecardJob').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    job: t.exposeString('job'),
    job_abbr: t.exposeString('job_abbr', { nullable: true }),
    status: t.exposeInt('status'),
  }),
});
const CodeRefType = builder.objectRef<CodeRef>('TimecardCostcode').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    costcode: t.exposeString('costcode'),
    description: t.exposeString('description', { nullable: true }),
  }),
});

type Info = {
  employee_id: number;
  foreman_jobs_id: number[];
  people: Person[];
  jobs: JobRef[];
  costcodes: CodeRef[];
  users_timecard: Row[];
  users_timecard_entries: Row[];
  timecard_collection: Row[];
  timecard_entries_collection: Row[];
  settings: { pay_period_type: number; pay_period_anchor: string; minute_increment: number; today: string };
};

const InfoRef = builder.objectRef<Info>('TimecardInfo').implement({
  fields: (t) => ({
    employee_id: t.exposeInt('employee_id', { description: 'Whose card users_timecard is (the caller when employee_id was not given).' }),
    foreman_jobs_id: t.exposeIntList('foreman_jobs_id', {
      description: "The jobs the caller is a foreman on: where they may enter their crew's time.",
    }),
    people: t.field({
      type: [PersonRef],
      description: 'Names of the people the result mentions: the card holder and everyone in the collections.',
      resolve: (i) => i.people,
    }),
    jobs: t.field({ type: [JobRefType], description: 'The jobs the returned entries book to.', resolve: (i) => i.jobs }),
    costcodes: t.field({ type: [CodeRefType], description: 'The cost codes the returned entries book to.', resolve: (i) => i.costcodes }),
    users_timecard: t.field({ type: [cardOps.objectRef], resolve: (i) => i.users_timecard }),
    users_timecard_entries: t.field({ type: [entryOps.objectRef], resolve: (i) => i.users_timecard_entries }),
    timecard_collection: t.field({ type: [cardOps.objectRef], resolve: (i) => i.timecard_collection }),
    timecard_entries_collection: t.field({ type: [entryOps.objectRef], resolve: (i) => i.timecard_entries_collection }),
    settings: t.field({ type: SettingsRef, resolve: (i) => i.settings }),
  }),
});

// --- getTimecardInfo ---------------------------------------------------------------------------------

builder.queryField('getTimecardInfo', (t) =>
  t.field({
    type: InfoRef,
    description:
      "A person's cards and entries in a window (default: 7 days either side of today); with fetch_all_timecards (admins) every person's, with fetch_crew_timecards the crews of the caller's jobs.",
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      employee_id: t.arg.int({ required: false }),
      start_date: t.arg.string({ required: false }),
      end_date: t.arg.string({ required: false }),
      fetch_all_timecards: t.arg.boolean({ required: false }),
      fetch_crew_timecards: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      inTenant(ctx, args.tenant_uuid, async (tx, member) => {
        const today = isoDay(clock.now());
        const window = defaultWindow(today);
        const start = args.start_date ?? window.start;
        const end = args.end_date ?? window.end;
        checkDate(start, 'start_date');
        checkDate(end, 'end_date');
        const span = toDayNumber(end) - toDayNumber(start);
        if (span < 0) throw new AppError('VALIDATION', 'end_date cannot be before start_date.');
        if (span > MAX_WINDOW_DAYS) throw new AppError('VALIDATION', `A window is at most ${MAX_WINDOW_DAYS} days.`);
        const tenant = member.tenantUuid;
        const employee = args.employee_id ?? member.employeeId;
        const myJobs = await foremanJobs(tx, member);

        const entriesWhere = (...extra: ReturnType<typeof eq>[]) =>
          and(
            eq(timecardEntries.tenant_uuid, tenant),
            gte(timecardEntries.timecard_date, start),
            lte(timecardEntries.timecard_date, end),
            ...extra,
          );
        const cardsOf = (ids: number[]) =>
          ids.length === 0
            ? Promise.resolve([] as Row[])
            : tx
                .select()
                .from(usersTimecard)
                .where(
                  and(
                    eq(usersTimecard.tenant_uuid, tenant),
                    inArray(usersTimecard.employees_id, ids),
                    lte(usersTimecard.payperiod_start_date, end),
                    gte(usersTimecard.payperiod_end_date, start),
                  ),
                )
                .orderBy(asc(usersTimecard.employees_id), asc(usersTimecard.payperiod_start_date));

        if (employee !== member.employeeId && !isAdmin(member)) {
          // A foreman may look at a person who has time on one of their jobs in the window.
          const onMyJobs = myJobs.length
            ? await tx
                .select({ id: timecardEntries.id })
                .from(timecardEntries)
                .where(entriesWhere(eq(timecardEntries.employees_id, employee), inArray(timecardEntries.jobs_id, myJobs)))
                .limit(1)
            : [];
          if (onMyJobs.length === 0) throw forbidden();
        }

        const mine = (await tx
          .select()
          .from(timecardEntries)
          .where(entriesWhere(eq(timecardEntries.employees_id, employee)))
          .orderBy(asc(timecardEntries.timecard_date), asc(timecardEntries.id))) as Row[];

        let collection: Row[] = [];
        if (args.fetch_all_timecards) {
          if (!isAdmin(member)) throw forbidden();
          collection = (await tx
            .select()
            .from(timecardEntries)
            .where(entriesWhere())
            .orderBy(asc(timecardEntries.employees_id), asc(timecardEntries.timecard_date), asc(timecardEntries.id))) as Row[];
        } else if (args.fetch_crew_timecards && myJobs.length) {
          const crew = await tx
            .selectDistinct({ id: timecardEntries.employees_id })
            .from(timecardEntries)
            .where(entriesWhere(inArray(timecardEntries.jobs_id, myJobs)));
          const ids = crew.map((c) => c.id);
          collection = ids.length
            ? ((await tx
                .select()
                .from(timecardEntries)
                .where(entriesWhere(inArray(timecardEntries.employees_id, ids)))
                .orderBy(asc(timecardEntries.employees_id), asc(timecardEntries.timecard_date), asc(timecardEntries.id))) as Row[])
            : [];
        }
        const settings = await loadSettings(tx, tenant);
        const period = payPeriodConfig(settings);
        const refs = await referencedRows(
          tx,
          tenant,
          [employee, ...collection.map((e) => e.employees_id as number)],
          [...mine, ...collection],
        );
        return {
          employee_id: employee,
          foreman_jobs_id: myJobs,
          ...refs,
          users_timecard: await cardsOf([employee]),
          users_timecard_entries: mine,
          timecard_collection: await cardsOf([...new Set(collection.map((e) => e.employees_id as number))]),
          timecard_entries_collection: collection,
          settings: { pay_period_type: period.type, pay_period_anchor: period.anchor, minute_increment: minuteIncrement(settings), today },
        };
      }),
  }),
);

// --- createOrUpdateTimecardDayEntry -------------------------------------------------------------------

const EntryInput = builder.inputType('TimecardDayEntryInput', {
  fields: (t) => ({
    jobs_id: t.int({ required: false }),
    costcodes_id: t.int({ required: false }),
    hours: t.float({ required: true }),
    equipment: t.stringList({ required: false }),
    note: t.string({ required: false }),
  }),
});

const DayResultRef = builder.objectRef<{ users_timecard: Row[]; users_timecard_entries: Row[] }>('TimecardDayResult').implement({
  fields: (t) => ({
    users_timecard: t.field({ type: [cardOps.objectRef], resolve: (r) => r.users_timecard }),
    users_timecard_entries: t.field({ type: [entryOps.objectRef], resolve: (r) => r.users_timecard_entries }),
  }),
});

builder.mutationField('createOrUpdateTimecardDayEntry', (t) =>
  t.field({
    type: DayResultRef,
    description:
      "Replaces a person's entries for one day. With crew_employee_ids a foreman writes the same day for each member of the crew, all in one transaction.",
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      employees_id: t.arg.int({ required: true }),
      payperiod_start_date: t.arg.string({ required: true }),
      payperiod_end_date: t.arg.string({ required: true }),
      timecard_date: t.arg.string({ required: true }),
      timecard_entries: t.arg({ type: [EntryInput], required: true }),
      crew_employee_ids: t.arg.intList({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      inTenant(ctx, args.tenant_uuid, async (tx, member) => {
        const parsed = dayEntrySchema.safeParse({
          ...args,
          timecard_entries: args.timecard_entries.map((e) => ({ ...e, jobs_id: e.jobs_id ?? 0, costcodes_id: e.costcodes_id ?? 0 })),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new AppError('VALIDATION', issue.message, { field: issue.path.join('.') });
        }
        const day = parsed.data;
        checkDate(day.timecard_date, 'timecard_date');
        const tenant = member.tenantUuid;
        const targets = [...new Set(args.crew_employee_ids?.length ? args.crew_employee_ids : [day.employees_id])];
        const settings = await loadSettings(tx, tenant);
        const { type, anchor } = payPeriodConfig(settings);
        const period = payPeriodFor(day.timecard_date, type, anchor);
        if (period.start !== day.payperiod_start_date || period.end !== day.payperiod_end_date) {
          throw new AppError('VALIDATION', TIMECARD_MESSAGES.wrongPeriod);
        }

        // Who may write whose time: anyone their own; admins anyone; a foreman their crew, on their jobs.
        const admin = isAdmin(member);
        const others = targets.filter((id) => id !== member.employeeId);
        if (others.length && !admin) {
          const myJobs = new Set(await foremanJobs(tx, member));
          if (day.timecard_entries.some((e) => !myJobs.has(e.jobs_id))) throw forbidden();
        }
        if (!admin) {
          const today = isoDay(clock.now());
          const refusal = entryWindowRefusal(settings, day.timecard_date, today, period, payPeriodFor(today, type, anchor));
          if (refusal) throw new AppError('VALIDATION', refusal);
        }
        const problem = dayEntryProblem(day.timecard_entries, minuteIncrement(settings));
        if (problem) throw new AppError('VALIDATION', problem);

        // Every line must book to an active job and a cost code budgeted and switched on for that job.
        const jobIds = [...new Set(day.timecard_entries.map((e) => e.jobs_id))];
        if (jobIds.length) {
          const budgeted = await tx
            .select({ jobs_id: jobsCostcodes.jobs_id, costcodes_id: jobsCostcodes.costcodes_id })
            .from(jobsCostcodes)
            .innerJoin(jobs, and(eq(jobs.tenant_uuid, jobsCostcodes.tenant_uuid), eq(jobs.id, jobsCostcodes.jobs_id), ne(jobs.status, 0)))
            .where(and(eq(jobsCostcodes.tenant_uuid, tenant), inArray(jobsCostcodes.jobs_id, jobIds), eq(jobsCostcodes.status, 1)));
          const ok = new Set(budgeted.map((b) => `${b.jobs_id}:${b.costcodes_id}`));
          const bad = day.timecard_entries.findIndex((e) => !ok.has(`${e.jobs_id}:${e.costcodes_id}`));
          if (bad >= 0) {
            throw new AppError('VALIDATION', 'That cost code is not budgeted on this job.', { index: bad });
          }
        }

        const people = await tx
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.tenant_uuid, tenant), eq(employees.status, 1), inArray(employees.id, targets)));
        if (people.length !== targets.length) throw notFound('Person not found.');

        const cards: Row[] = [];
        const written: Row[] = [];
        for (const employees_id of targets) {
          await tx
            .insert(usersTimecard)
            .values({ tenant_uuid: tenant, employees_id, payperiod_start_date: period.start, payperiod_end_date: period.end })
            .onConflictDoNothing();
          const [card] = await tx
            .select()
            .from(usersTimecard)
            .where(
              and(
                eq(usersTimecard.tenant_uuid, tenant),
                eq(usersTimecard.employees_id, employees_id),
                eq(usersTimecard.payperiod_start_date, period.start),
              ),
            );
          if (card.signed_on) throw new AppError('CONFLICT', TIMECARD_MESSAGES.locked, { employees_id });
          cards.push(card as Row);
          await tx
            .delete(timecardEntries)
            .where(
              and(
                eq(timecardEntries.tenant_uuid, tenant),
                eq(timecardEntries.employees_id, employees_id),
                eq(timecardEntries.timecard_date, day.timecard_date),
              ),
            );
          if (day.timecard_entries.length) {
            written.push(
              ...((await tx
                .insert(timecardEntries)
                .values(
                  day.timecard_entries.map((e) => ({
                    tenant_uuid: tenant,
                    users_timecard_id: card.id,
                    employees_id,
                    timecard_date: day.timecard_date,
                    jobs_id: e.jobs_id,
                    costcodes_id: e.costcodes_id,
                    hours: e.hours,
                    equipment: e.equipment ?? null,
                    note: e.note ?? null,
                    created_by: member.employeeId,
                  })),
                )
                .returning()) as Row[]),
            );
          }
        }
        return { users_timecard: cards, users_timecard_entries: written };
      }),
  }),
);

// --- Signing ------------------------------------------------------------------------------------------

const SIGNATURE = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/;

builder.mutationField('signTimecard', (t) =>
  t.field({
    type: cardOps.objectRef,
    description: 'Signs the caller’s own card for a pay period; a signed card is locked until an admin reopens it.',
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      users_timecard_id: t.arg.int({ required: true }),
      signature_image: t.arg.string({ required: true }),
      usernote: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      inTenant(ctx, args.tenant_uuid, async (tx, member) => {
        if (!SIGNATURE.test(args.signature_image) || args.signature_image.length > 300_000) {
          throw new AppError('VALIDATION', 'Draw your signature to sign.');
        }
        if ((args.usernote?.length ?? 0) > 1000) throw new AppError('VALIDATION', 'You must enter a maximum of 1000 characters');
        const [card] = await tx
          .update(usersTimecard)
          .set({
            signed_on: clock.now().toISOString(),
            signed_by: member.employeeId,
            signature_image: args.signature_image,
            usernote: args.usernote ?? null,
            updated_on: sql`now()`,
          })
          .where(
            and(
              eq(usersTimecard.tenant_uuid, member.tenantUuid),
              eq(usersTimecard.id, args.users_timecard_id),
              eq(usersTimecard.employees_id, member.employeeId),
              isNull(usersTimecard.signed_on),
            ),
          )
          .returning();
        if (!card) {
          const [exists] = await tx
            .select({ signed: usersTimecard.signed_on })
            .from(usersTimecard)
            .where(
              and(
                eq(usersTimecard.tenant_uuid, member.tenantUuid),
                eq(usersTimecard.id, args.users_timecard_id),
                eq(usersTimecard.employees_id, member.employeeId),
              ),
            );
          if (exists?.signed) throw new AppError('CONFLICT', TIMECARD_MESSAGES.locked);
          throw notFound();
        }
        return card as Row;
      }),
  }),
);

builder.mutationField('reopenTimecard', (t) =>
  t.field({
    type: cardOps.objectRef,
    description: 'Admins only: clears the signature so the card can be edited again.',
    args: { tenant_uuid: t.arg.id({ required: true }), users_timecard_id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) =>
      inTenant(ctx, args.tenant_uuid, async (tx, member) => {
        if (!isAdmin(member)) throw forbidden();
        const [card] = await tx
          .update(usersTimecard)
          .set({ signed_on: null, signed_by: null, signature_image: null, updated_on: sql`now()` })
          .where(and(eq(usersTimecard.tenant_uuid, member.tenantUuid), eq(usersTimecard.id, args.users_timecard_id)))
          .returning();
        if (!card) throw notFound();
        return card as Row;
      }),
  }),
);

// --- listTimecardJobs ---------------------------------------------------------------------------------

builder.queryField('listTimecardJobs', (t) =>
  t.field({
    type: [JobRefType],
    description:
      'The jobs any member may book time to: not deleted, with at least one cost code switched on; sorted by abbreviation, else name (spec §9).',
    args: { tenant_uuid: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      inTenant(ctx, args.tenant_uuid, async (tx, member) => {
        const tenant = member.tenantUuid;
        return tx
          .select({ id: jobs.id, job: jobs.job, job_abbr: jobs.job_abbr, status: jobs.status })
          .from(jobs)
          .where(
            and(
              eq(jobs.tenant_uuid, tenant),
              ne(jobs.status, 0),
              sql`exists (select 1 from ${jobsCostcodes} where ${jobsCostcodes.tenant_uuid} = ${tenant} and ${jobsCostcodes.jobs_id} = ${jobs.id} and ${jobsCostcodes.status} = 1)`,
            ),
          )
          .orderBy(sql`lower(coalesce(nullif(${jobs.job_abbr}, ''), ${jobs.job}))`, asc(jobs.id))
          .limit(MAX_TIMECARD_JOBS);
      }),
  }),
);

// --- listFilteredCostcodes ---------------------------------------------------------------------------

type BudgetCode = { jobs_id: number; costcodes_id: number; costcode: string; description: string | null };
const BudgetCodeRef = builder.objectRef<BudgetCode>('BudgetCostcode').implement({
  fields: (t) => ({
    jobs_id: t.exposeInt('jobs_id'),
    costcodes_id: t.exposeInt('costcodes_id'),
    costcode: t.exposeString('costcode'),
    description: t.exposeString('description', { nullable: true }),
  }),
});
const FilteredRef = builder.objectRef<{ budget_costcodes: BudgetCode[] }>('FilteredCostcodes').implement({
  fields: (t) => ({ budget_costcodes: t.field({ type: [BudgetCodeRef], resolve: (r) => r.budget_costcodes }) }),
});

builder.queryField('listFilteredCostcodes', (t) =>
  t.field({
    type: FilteredRef,
    description: "The cost codes budgeted and switched on for the given jobs: what a time card may book to ('ontimecard').",
    args: {
      tenant_uuid: t.arg.id({ required: true }),
      usage: t.arg.string({ required: false, defaultValue: 'ontimecard' }),
      jobs_id: t.arg.intList({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      inTenant(ctx, args.tenant_uuid, async (tx, member) => {
        if (args.usage !== 'ontimecard') throw new AppError('VALIDATION', `Unknown usage: ${args.usage}`);
        if (args.jobs_id.length > 1000) throw new AppError('VALIDATION', 'Too many jobs.');
        if (args.jobs_id.length === 0) return { budget_costcodes: [] };
        const rows = await tx
          .select({
            jobs_id: jobsCostcodes.jobs_id,
            costcodes_id: jobsCostcodes.costcodes_id,
            costcode: costcodes.costcode,
            description: costcodes.description,
          })
          .from(jobsCostcodes)
          .innerJoin(costcodes, and(eq(costcodes.tenant_uuid, jobsCostcodes.tenant_uuid), eq(costcodes.id, jobsCostcodes.costcodes_id)))
          .innerJoin(jobs, and(eq(jobs.tenant_uuid, jobsCostcodes.tenant_uuid), eq(jobs.id, jobsCostcodes.jobs_id)))
          .where(
            and(
              eq(jobsCostcodes.tenant_uuid, member.tenantUuid),
              inArray(jobsCostcodes.jobs_id, args.jobs_id),
              eq(jobsCostcodes.status, 1),
              eq(costcodes.status, 1),
              ne(jobs.status, 0),
            ),
          )
          .orderBy(asc(jobsCostcodes.jobs_id), asc(costcodes.costcode));
        return { budget_costcodes: rows };
      }),
  }),
);
