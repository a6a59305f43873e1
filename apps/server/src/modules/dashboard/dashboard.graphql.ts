import { isDay } from '@groundwork/core/announcements';
import { atField, msg } from '@groundwork/core/messages';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { type Rule, tenantQuery } from '../../graphql/gate.js';
import {
  type CountCard,
  type CrewCard,
  type Dashboard,
  type HoursCard,
  loadDashboard,
  type ScopedCountCard,
  type TasksCard,
  type UnsignedCard,
} from './dashboard.service.js';

/**
 * The dashboard's cards (issue 27): one query, one round trip. Every member may ask; each card is decided by the
 * permission matrix (and the company's module switches) and is null when the caller may not see it.
 */

const MEMBER: Rule = { area: 'self', action: 'read' };

const HoursRef = builder.objectRef<HoursCard>('DashboardHours').implement({
  description: "The caller's own hours in the current pay period, split into regular time and overtime (over 40 h a week).",
  fields: (t) => ({
    start: t.exposeString('start'),
    end: t.exposeString('end'),
    regular: t.exposeFloat('regular'),
    overtime: t.exposeFloat('overtime'),
    total: t.exposeFloat('total'),
  }),
});

const UnsignedRef = builder.objectRef<UnsignedCard>('DashboardUnsignedTimecards').implement({
  description:
    "Active people with time in the last finished pay period and no signed card for it: everyone (admins) or the crews of the caller's jobs (all false).",
  fields: (t) => ({
    count: t.exposeInt('count'),
    all: t.exposeBoolean('all'),
    period_start: t.exposeString('period_start'),
    period_end: t.exposeString('period_end'),
  }),
});

const CountRef = builder.objectRef<CountCard>('DashboardCount').implement({
  fields: (t) => ({ count: t.exposeInt('count') }),
});

const ScopedCountRef = builder.objectRef<ScopedCountCard>('DashboardScopedCount').implement({
  description: "all: the company's; otherwise the caller's own.",
  fields: (t) => ({ count: t.exposeInt('count'), all: t.exposeBoolean('all') }),
});

const CrewRef = builder.objectRef<CrewCard>('DashboardCrew').implement({
  description: 'Active people with an entry on the schedule on `date` (work or time off), and those without one.',
  fields: (t) => ({ date: t.exposeString('date'), scheduled: t.exposeInt('scheduled'), unscheduled: t.exposeInt('unscheduled') }),
});

const TasksRef = builder.objectRef<TasksCard>('DashboardTasks').implement({
  description: 'Open tasks assigned to the caller due today or earlier; overdue: due before today.',
  fields: (t) => ({ due: t.exposeInt('due'), overdue: t.exposeInt('overdue') }),
});

const DashboardRef = builder.objectRef<Dashboard>('Dashboard').implement({
  description: 'Live numbers for the dashboard; a card is null when the caller may not see it or its module is off.',
  fields: (t) => ({
    today: t.exposeString('today'),
    hours: t.field({ type: HoursRef, nullable: true, resolve: (d) => d.hours }),
    unsigned_timecards: t.field({ type: UnsignedRef, nullable: true, resolve: (d) => d.unsigned_timecards }),
    jobs_over_budget: t.field({
      type: CountRef,
      nullable: true,
      description: 'Active jobs whose hours booked on their budget lines exceed the hours budgeted (listProjectBudget totals).',
      resolve: (d) => d.jobs_over_budget,
    }),
    crew_tomorrow: t.field({ type: CrewRef, nullable: true, resolve: (d) => d.crew_tomorrow }),
    tasks_due: t.field({ type: TasksRef, nullable: true, resolve: (d) => d.tasks_due }),
    tools_overdue: t.field({
      type: ScopedCountRef,
      nullable: true,
      description: "Reservations active and past their end date: all of them for tool admins, the caller's own otherwise.",
      resolve: (d) => d.tools_overdue,
    }),
    receipts_to_review: t.field({
      type: CountRef,
      nullable: true,
      description: 'Active receipts still to code (no job or no cost code), for receipts admins.',
      resolve: (d) => d.receipts_to_review,
    }),
  }),
});

tenantQuery('getDashboard', MEMBER, {
  type: DashboardRef,
  description: "The dashboard's cards in one request. `today`: the caller's local date (YYYY-MM-DD).",
  args: (arg) => ({ today: arg.string({ required: true }) }),
  resolve: (args, { tx, member }) => {
    if (!isDay(args.today)) throw new AppError('VALIDATION', atField('today', msg('common.invalidDay')), { field: 'today' });
    return loadDashboard(tx, member, args.today);
  },
});
