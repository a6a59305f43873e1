import { isoDay } from '@groundwork/core/pay-periods';
import { timecardEntryRecordSchema, timecardRecordSchema } from '@groundwork/core/timecards';
import { sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder.js';
import { enterTenant, type Rule } from '../../graphql/gate.js';
import { defineRecordOperations, selectedColumns } from '../../graphql/record-operations.js';
import type { Row } from '../../platform/realtime.js';
import { type CodeRef, type Info, type Person, type ScheduledJob, type Settings, timecardInfo } from './timecards.info.js';
import { timecardCardRules, timecardEntryRules, writeTimecardDay } from './timecards.rules.js';
import { type BudgetCode, filteredCostcodes, type JobRef, reopenTimecard, signTimecard, timecardJobs } from './timecards.service.js';
import { timecardEntries, usersTimecard } from './timecards.table.js';

export { timecardEntryRules } from './timecards.rules.js';
// Other modules and the tests import these from here, where they used to live.
export { loadSettings, payPeriodConfig } from './timecards.service.js';

/**
 * Every time-card operation: a member with time-card access (their own card at least; admins everyone's),
 * the module on. Whose card a call may touch is decided per operation below.
 */
const TIMECARDS: Rule = { area: 'timecards', action: 'read' };

// Generic operations (spec §7 lists Timecards and Timecardentry): admins see and correct everything;
// anyone else reads only their own cards. Entering time goes through createOrUpdateTimecardDayEntry, and
// these obey its rules (above).
const cardOps = defineRecordOperations({
  name: 'Timecards',
  typeName: 'UsersTimecard',
  table: usersTimecard,
  area: 'timecards',
  ownRecords: true,
  orderBy: () => [sql`${usersTimecard.payperiod_start_date}`],
  // entries: kept by triggers on timecard_entries (migration 0034).
  readOnly: ['signed_on', 'signed_by', 'entries'],
  validate: timecardRecordSchema,
  beforeWrite: timecardCardRules,
});
const entryOps = defineRecordOperations({
  name: 'Timecardentry',
  typeName: 'TimecardEntry',
  table: timecardEntries,
  area: 'timecards',
  ownRecords: true,
  orderBy: () => [sql`${timecardEntries.timecard_date}`],
  validate: timecardEntryRecordSchema,
  beforeWrite: timecardEntryRules,
});

// --- Types -----------------------------------------------------------------------------------------

const SettingsRef = builder.objectRef<Settings>('TimecardSettings').implement({
  fields: (t) => ({
    pay_period_type: t.exposeInt('pay_period_type'),
    pay_period_anchor: t.exposeString('pay_period_anchor'),
    minute_increment: t.exposeInt('minute_increment'),
    today: t.exposeString('today'),
  }),
});

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

const ScheduledJobRef = builder.objectRef<ScheduledJob>('TimecardScheduledJob').implement({
  fields: (t) => ({ date: t.exposeString('date'), jobs_id: t.exposeInt('jobs_id') }),
});

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
    scheduled_jobs: t.field({
      type: [ScheduledJobRef],
      description:
        'The jobs the card holder is scheduled to work in the window (crew scheduling, not declined): time entry offers them first.',
      resolve: (i) => i.scheduled_jobs,
    }),
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
    resolve: (_root, args, ctx, info) =>
      enterTenant(
        ctx,
        args.tenant_uuid,
        TIMECARDS,
        async ({ tx, member }) => {
          // Only what the query asks for is read: a week's entries are one statement, not twelve.
          const asked = selectedColumns(info, false);
          const wants = (field: string) => !asked || asked.has(field);
          return timecardInfo(tx, member, args, wants, isoDay(ctx.now()));
        },
        { readOnly: true },
      ),
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
      "Replaces a person's entries for one day: one's own whole day; an admin's anyone's; a foreman's only a crew member's lines on the foreman's jobs (lines elsewhere are kept, an empty list for someone else is refused). With crew_employee_ids the same lines go to each member of the crew, all in one transaction.",
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
      enterTenant(ctx, args.tenant_uuid, TIMECARDS, ({ tx, member }) => writeTimecardDay(tx, member, args, ctx.now())),
  }),
);

// --- Signing ------------------------------------------------------------------------------------------

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
      enterTenant(ctx, args.tenant_uuid, TIMECARDS, ({ tx, member }) => signTimecard(tx, member, args, ctx.now())),
  }),
);

builder.mutationField('reopenTimecard', (t) =>
  t.field({
    type: cardOps.objectRef,
    description: 'Admins only: clears the signature so the card can be edited again.',
    args: { tenant_uuid: t.arg.id({ required: true }), users_timecard_id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) =>
      enterTenant(ctx, args.tenant_uuid, TIMECARDS, ({ tx, member }) => reopenTimecard(tx, member, args.users_timecard_id)),
  }),
);

// --- listTimecardJobs ---------------------------------------------------------------------------------

builder.queryField('listTimecardJobs', (t) =>
  t.field({
    type: [JobRefType],
    description:
      'The jobs any member may book time to: not deleted, with at least one cost code switched on; sorted by abbreviation, else name (spec §9).',
    args: { tenant_uuid: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => enterTenant(ctx, args.tenant_uuid, TIMECARDS, ({ tx, member }) => timecardJobs(tx, member)),
  }),
);

// --- listFilteredCostcodes ---------------------------------------------------------------------------

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
    resolve: (_root, args, ctx) => enterTenant(ctx, args.tenant_uuid, TIMECARDS, ({ tx, member }) => filteredCostcodes(tx, member, args)),
  }),
);
