import { PUNCH_ACTIONS, PUNCH_LOCATION_STATUSES, type PunchLocation } from '@groundwork/core/punches';
import { builder } from '../../graphql/builder.js';
import { type Rule, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { pageRef } from '../../graphql/paging.js';
import { type OnTheClock, onTheClock, type PunchState, punchState, listPunches as readPunches } from './punches.read.js';
import { correctPunch, type Outcome, punchClock, type Segment } from './punches.service.js';
import { type JobSite, loadPunchSettings, type PunchConfig, setJobSite, updatePunchSettings } from './punches.settings.js';

/**
 * Punches (issue 47): the contract in /tmp/helpers/punch-contract.md, shared with the web app. Every operation is in the
 * time cards' area (the module switch included); whose punches a call reaches is decided per operation (spec §6's
 * time-card rules: one's own; a foreman his jobs' crews; admins everyone).
 */
const PUNCHES: Rule = { area: 'punches', action: 'read' };

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

const ActionRef = builder.enumType('PunchAction', { values: PUNCH_ACTIONS });
const StatusRef = builder.enumType('PunchLocationStatus', { values: PUNCH_LOCATION_STATUSES });

const LocationInput = builder.inputRef<PunchLocation>('PunchLocationInput').implement({
  fields: (t) => ({
    latitude: t.float({ required: true }),
    longitude: t.float({ required: true }),
    accuracy_m: t.float({ required: true }),
    located_at: t.string({ required: true, description: 'ISO time of the fix.' }),
  }),
});

const SegmentRef = builder.objectRef<Segment>('PunchSegment').implement({
  description: 'A stretch of WORK or BREAK on one job and cost code, [started_at, ended_at); ended_at null while open.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    employees_id: t.exposeInt('employees_id'),
    jobs_id: t.exposeInt('jobs_id'),
    costcodes_id: t.exposeInt('costcodes_id'),
    kind: t.exposeString('kind', { description: 'WORK | BREAK' }),
    started_at: t.string({ resolve: (s) => iso(s.started_at) as string }),
    ended_at: t.string({ nullable: true, resolve: (s) => iso(s.ended_at) }),
    start_location_status: t.exposeString('start_location_status', { description: 'A PunchLocationStatus value.' }),
    start_latitude: t.exposeFloat('start_latitude', { nullable: true }),
    start_longitude: t.exposeFloat('start_longitude', { nullable: true }),
    start_accuracy_m: t.exposeFloat('start_accuracy_m', { nullable: true }),
    start_distance_m: t.exposeFloat('start_distance_m', {
      nullable: true,
      description: "Metres from the job's site, when both are known.",
    }),
    start_outside_fence: t.exposeBoolean('start_outside_fence', {
      description: 'Distance > radius + the fix’s accuracy (the accuracy counted up to the radius).',
    }),
    end_location_status: t.exposeString('end_location_status', { nullable: true }),
    end_latitude: t.exposeFloat('end_latitude', { nullable: true }),
    end_longitude: t.exposeFloat('end_longitude', { nullable: true }),
    end_accuracy_m: t.exposeFloat('end_accuracy_m', { nullable: true }),
    end_distance_m: t.exposeFloat('end_distance_m', { nullable: true }),
    end_outside_fence: t.exposeBoolean('end_outside_fence'),
    punched_by: t.exposeInt('punched_by', { description: 'Who punched: the person, or the foreman or admin of a crew punch.' }),
    crew_punch: t.exposeBoolean('crew_punch'),
    missed_clock_out: t.exposeBoolean('missed_clock_out', { description: 'Set by the day-end sweep on a segment left open.' }),
    card_locked: t.exposeBoolean('card_locked', {
      description:
        'Its hours are not on the time card: the card was signed (or the day was closed to time, or would pass 24 h) when they were to be written. A correction once it is open again writes them.',
    }),
    original_started_at: t.string({ nullable: true, resolve: (s) => iso(s.original_started_at) }),
    original_ended_at: t.string({ nullable: true, resolve: (s) => iso(s.original_ended_at) }),
    corrected_by: t.exposeInt('corrected_by', { nullable: true }),
    corrected_on: t.string({ nullable: true, resolve: (s) => iso(s.corrected_on) }),
  }),
});

const StateRef = builder.objectRef<PunchState>('PunchState').implement({
  fields: (t) => ({
    employees_id: t.exposeInt('employees_id'),
    open: t.field({ type: SegmentRef, nullable: true, resolve: (s) => s.open }),
    today: t.field({
      type: [SegmentRef],
      description: "Today's segments (the company's time zone), oldest first.",
      resolve: (s) => s.today,
    }),
    worked_minutes_today: t.exposeInt('worked_minutes_today', { description: 'Closed and running WORK minutes today, breaks excluded.' }),
    suggested_jobs_id: t.exposeInt('suggested_jobs_id', { nullable: true }),
    suggested_costcodes_id: t.exposeInt('suggested_costcodes_id', { nullable: true }),
    ask_location: t.exposeBoolean('ask_location'),
  }),
});

const OutcomeRef = builder.objectRef<Outcome>('PunchOutcome').implement({
  fields: (t) => ({
    employees_id: t.exposeInt('employees_id'),
    outcome: t.exposeString('outcome', { description: 'DONE | ALREADY_ON_THE_CLOCK | NOT_ON_THE_CLOCK | ALREADY_ON_BREAK | NOT_ON_BREAK' }),
    segment: t.field({ type: SegmentRef, nullable: true, resolve: (o) => o.segment }),
  }),
});

const ClockResultRef = builder.objectRef<{ results: Outcome[] }>('PunchClockResult').implement({
  fields: (t) => ({ results: t.field({ type: [OutcomeRef], resolve: (r) => r.results }) }),
});

const OnTheClockRef = builder.objectRef<OnTheClock>('OnTheClock').implement({
  fields: (t) => ({
    employees_id: t.exposeInt('employees_id'),
    name: t.exposeString('name'),
    jobs_id: t.exposeInt('jobs_id'),
    job_name: t.exposeString('job_name'),
    costcodes_id: t.exposeInt('costcodes_id'),
    costcode: t.exposeString('costcode'),
    kind: t.exposeString('kind'),
    since: t.string({ resolve: (r) => iso(r.since) as string }),
    outside_fence: t.exposeBoolean('outside_fence'),
    distance_m: t.exposeFloat('distance_m', { nullable: true }),
    location_status: t.exposeString('location_status'),
  }),
});

const SettingsRef = builder.objectRef<PunchConfig>('PunchSettings').implement({
  fields: (t) => ({
    ask_location: t.exposeBoolean('ask_location'),
    default_radius_m: t.exposeInt('default_radius_m'),
    location_retention_days: t.exposeInt('location_retention_days'),
    time_zone: t.exposeString('time_zone', { description: 'The IANA zone that decides a punch’s day (default UTC).' }),
  }),
});

const JobSiteRef = builder.objectRef<JobSite>('JobSite').implement({
  fields: (t) => ({
    jobs_id: t.exposeInt('jobs_id'),
    site_latitude: t.exposeFloat('site_latitude', { nullable: true }),
    site_longitude: t.exposeFloat('site_longitude', { nullable: true }),
    site_radius_m: t.exposeInt('site_radius_m', { nullable: true }),
  }),
});

const SegmentPageRef = pageRef('PunchSegmentConnection', SegmentRef);

// --- Queries ------------------------------------------------------------------------------------------------

tenantQuery('getPunchState', PUNCHES, {
  type: StateRef,
  description:
    "A person's clock (default the signed-in person): the open segment, today's segments, minutes worked today and the job to offer first. Another person's: admins, or a foreman for his crew.",
  args: (arg) => ({ employees_id: arg.int({ required: false }) }),
  resolve: (args, { tx, member, ctx }) => punchState(tx, member, args.employees_id, ctx.now()),
});

tenantQuery('listPunches', PUNCHES, {
  type: SegmentPageRef,
  description:
    'Segments started between date_from and date_to (days in the company’s zone, at most 62), newest first. Admins: everyone’s; others their own and, as a foreman, those on his jobs.',
  args: (arg) => ({
    employees_id: arg.int({ required: false }),
    jobs_id: arg.int({ required: false }),
    date_from: arg.string({ required: true }),
    date_to: arg.string({ required: true }),
    outside_fence: arg.boolean({ required: false }),
    missed_clock_out: arg.boolean({ required: false }),
    limit: arg.int({ required: false }),
    nextToken: arg.string({ required: false }),
  }),
  resolve: (args, { tx, member }) => readPunches(tx, member, args),
});

tenantQuery('listOnTheClock', PUNCHES, {
  type: [OnTheClockRef],
  description: 'Who is on the clock now: admins everyone, a foreman the people on his jobs; anyone else is refused.',
  resolve: (_args, { tx, member }) => onTheClock(tx, member),
});

tenantQuery('getPunchSettings', PUNCHES, {
  type: SettingsRef,
  description: "The company's punch settings (every member reads them: the punch screen needs ask_location).",
  resolve: (_args, { tx, member }) => loadPunchSettings(tx, member.tenantUuid),
});

// --- Mutations ----------------------------------------------------------------------------------------------

tenantMutation('punchClock', PUNCHES, {
  type: ClockResultRef,
  description:
    'Clock in (IN), switch job or cost code (SWITCH), start and end a break, clock out, for the signed-in person or (employees_ids) a crew: a foreman his jobs, admins anyone. jobs_id and costcodes_id for IN and SWITCH. device_time: when the person tapped (the offline queue; at most 2 minutes ahead, 7 days old, not before their last punch). Each person gets an outcome; a wrong action for someone is their outcome, not an error.',
  args: (arg) => ({
    action: arg({ type: ActionRef, required: true }),
    employees_ids: arg.intList({ required: false }),
    jobs_id: arg.int({ required: false }),
    costcodes_id: arg.int({ required: false }),
    location: arg({ type: LocationInput, required: false }),
    location_status: arg({ type: StatusRef, required: true }),
    device_time: arg.string({ required: false }),
  }),
  resolve: async (args, { tx, member, ctx }) => ({ results: await punchClock(tx, member, args, ctx.now()) }),
});

tenantMutation('correctPunch', PUNCHES, {
  type: SegmentRef,
  description:
    'New times for a segment; the first correction keeps the times before it. One’s own until the card is signed, a foreman’s on his jobs, admins any. An open segment is closed by giving ended_at; a closed one cannot be reopened.',
  args: (arg) => ({
    id: arg.int({ required: true }),
    started_at: arg.string({ required: true }),
    ended_at: arg.string({ required: false }),
  }),
  resolve: (args, { tx, member, ctx }) => correctPunch(tx, member, args, ctx.now()),
});

tenantMutation('updatePunchSettings', PUNCHES, {
  type: SettingsRef,
  description:
    'Admins: whether punches ask for the location, the default fence radius (10-5000 m), how long locations are kept (days) and the time zone.',
  args: (arg) => ({
    ask_location: arg.boolean({ required: false }),
    default_radius_m: arg.int({ required: false }),
    location_retention_days: arg.int({ required: false }),
    time_zone: arg.string({ required: false }),
  }),
  resolve: (args, { tx, member }) => updatePunchSettings(tx, member, args),
});

tenantMutation(
  'setJobSite',
  { area: 'projects', action: 'write' },
  {
    type: JobSiteRef,
    description:
      "A job's site for punches: latitude -90..90 and longitude -180..180 (both or neither) and the fence radius 10-5000 m (null: the company's default). Whoever may edit jobs (admins, projects_admin).",
    args: (arg) => ({
      jobs_id: arg.int({ required: true }),
      site_latitude: arg.float({ required: false }),
      site_longitude: arg.float({ required: false }),
      site_radius_m: arg.int({ required: false }),
    }),
    resolve: (args, { tx, member }) => setJobSite(tx, member, args),
  },
);
