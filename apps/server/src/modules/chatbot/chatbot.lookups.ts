import { type ChatLanguage, type IsoDate, normalizeText } from '@groundwork/core/chatbot';
import { ADMIN_ACCESS, can } from '@groundwork/core/permissions';
import { and, asc, between, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Member } from '../../graphql/gate.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { taskAssignees, tasks } from '../tasks/tasks.table.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { containers, tools } from '../tools/tools.table.js';
import { findJob, findPerson, namesOf } from './chatbot.names.js';
import type { ChatSource } from './chatbot.table.js';
import type { ChatTool, ToolResult } from './chatbot.tool-types.js';
import { say } from './chatbot.words.js';

const isAdmin = (m: Member) => m.isAdmin || m.permissions.has(ADMIN_ACCESS);
const allows = (m: Member, area: Parameters<typeof can>[1]) => isAdmin(m) || can(m.permissions, area, 'read', m.off);

const dateRange = (lang: ChatLanguage, from: IsoDate, to: IsoDate) => {
  const fmt = (d: IsoDate) =>
    new Date(`${d}T12:00:00Z`).toLocaleDateString(lang === 'es' ? 'es-US' : 'en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  if (from === to) return fmt(from);
  // Nov 23–29 (23–29 nov) within a month, Nov 30–Dec 6 across two.
  if (from.slice(0, 7) !== to.slice(0, 7)) return `${fmt(from)}–${fmt(to)}`;
  const day = (d: IsoDate) => String(Number(d.slice(8, 10)));
  return lang === 'es' ? `${day(from)}–${fmt(to)}` : `${fmt(from)}–${day(to)}`;
};
/** Hours as the app shows them (the budget tab): grouped thousands, at most two decimals. */
const hoursText = (h: number, lang: ChatLanguage = 'en') =>
  new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { maximumFractionDigits: 2 }).format(h);
export const refuse = (text: string): ToolResult => ({ text, data: { refused: text }, source: null, refused: true, rows: 0 });

const nameInput = z.string().trim().min(1).max(120);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** Who is scheduled on a job on a day, or where a person is scheduled. */
const scheduleTool: ChatTool<z.ZodObject<{ job: z.ZodOptional<z.ZodString>; person: z.ZodOptional<z.ZodString>; date: z.ZodString }>> = {
  name: 'schedule',
  description:
    'Who is scheduled on a job on a date, or where a person (or the asker: person "me") is scheduled on a date. Give job or person, and date (YYYY-MM-DD).',
  input: z.object({ job: nameInput.optional(), person: nameInput.optional(), date: isoDate }),
  allowed: (m) => allows(m, 'scheduling'),
  async run({ tx, member, language: lang, ties }, input) {
    const t = member.tenantUuid;
    const names = await namesOf(tx, t);
    const admin = isAdmin(member) || member.permissions.has('scheduling_admin');
    if (input.job) {
      const job = findJob(names.jobs, input.job);
      if (!job) return refuse(say(lang, 'noJob', { name: input.job }));
      if (!admin && !ties.led.has(job.id)) return refuse(say(lang, 'scheduleNotYours'));
      const rows = await tx
        .select({ id: employees.id, name: employeeName, status: scheduledLabor.confirmation_status })
        .from(scheduledLabor)
        .innerJoin(employees, and(eq(employees.tenant_uuid, scheduledLabor.tenant_uuid), eq(employees.id, scheduledLabor.employees_id)))
        .where(and(eq(scheduledLabor.tenant_uuid, t), eq(scheduledLabor.jobs_id, job.id), eq(scheduledLabor.date, input.date)))
        .orderBy(asc(employeeName));
      // The planner's board for scheduling admins; for a foreman, My Schedule (the crew screens need scheduling_admin).
      const link = admin ? '/admin/scheduling' : '/modules/scheduled';
      const source: ChatSource = {
        tool: 'schedule',
        label: say(lang, 'fromSchedule', { when: dateRange(lang, input.date, input.date) }),
        link,
        rows: rows.map((r) => ({ label: r.name, value: say(lang, `status_${r.status}`), link: `/modules/people?id=${r.id}` })),
      };
      const text = rows.length
        ? say(lang, 'scheduledOn', {
            job: job.label,
            when: dateRange(lang, input.date, input.date),
            names: rows.map((r) => r.name).join(', '),
          })
        : say(lang, 'nobodyOn', { job: job.label, when: dateRange(lang, input.date, input.date) });
      return { text, data: { job: job.label, date: input.date, people: rows }, source, rows: rows.length };
    }
    const self = !input.person || /^(me|i|yo|myself|mi)$/i.test(input.person.trim());
    const person = self ? { id: member.employeeId, name: say(lang, 'you') } : findPerson(names.people, input.person ?? '');
    if (!person) return refuse(say(lang, 'noPerson', { name: input.person ?? '' }));
    if (!self && person.id !== member.employeeId && !admin) {
      // A foreman sees a person's day only on the jobs they run.
      if (!ties.leadsAny) return refuse(say(lang, 'scheduleOwnOnly'));
    }
    const rows = await tx
      .select({
        job_id: scheduledLabor.jobs_id,
        label: jobLabelSql,
        event: scheduledLabor.event_type,
        status: scheduledLabor.confirmation_status,
      })
      .from(scheduledLabor)
      .leftJoin(jobs, and(eq(jobs.tenant_uuid, scheduledLabor.tenant_uuid), eq(jobs.id, scheduledLabor.jobs_id)))
      .where(and(eq(scheduledLabor.tenant_uuid, t), eq(scheduledLabor.employees_id, person.id), eq(scheduledLabor.date, input.date)));
    const visible =
      admin || self || person.id === member.employeeId ? rows : rows.filter((r) => r.job_id != null && ties.led.has(r.job_id));
    const when = dateRange(lang, input.date, input.date);
    const source: ChatSource = {
      tool: 'schedule',
      label: say(lang, 'fromSchedule', { when }),
      link: admin && !self && person.id !== member.employeeId ? '/admin/scheduling' : '/modules/scheduled',
      rows: visible.map((r) => ({
        label: r.event === 'Work' ? (r.label ?? '') : r.event,
        value: say(lang, `status_${r.status}`),
        link: r.job_id ? `/modules/projects?id=${r.job_id}` : null,
      })),
    };
    const places = visible.map((r) => (r.event === 'Work' ? (r.label ?? '') : r.event)).join(', ');
    const text = visible.length
      ? say(lang, self ? 'youAreOn' : 'personIsOn', { name: person.name, when, places })
      : say(lang, self ? 'youAreFree' : 'personIsFree', { name: person.name, when });
    return { text, data: { person: person.name, date: input.date, scheduled: visible }, source, rows: visible.length };
  },
};

/** Hours booked from time cards: the asker's own, their crew's on the jobs they run, or (admins) anyone's. */
const hoursTool: ChatTool<
  z.ZodObject<{
    person: z.ZodOptional<z.ZodString>;
    crew: z.ZodOptional<z.ZodBoolean>;
    job: z.ZodOptional<z.ZodString>;
    costcode: z.ZodOptional<z.ZodString>;
    from: z.ZodString;
    to: z.ZodString;
  }>
> = {
  name: 'hours',
  description:
    "Hours booked on time cards between from and to (YYYY-MM-DD): the asker's own (no person), a named person's, or the crew's on the jobs the asker runs (crew: true); optionally only one job and/or one cost code (e.g. \"03-300\").",
  input: z.object({
    person: nameInput.optional(),
    crew: z.boolean().optional(),
    job: nameInput.optional(),
    costcode: z.string().trim().max(40).optional(),
    from: isoDate,
    to: isoDate,
  }),
  allowed: (m) => allows(m, 'timecards'),
  async run({ tx, member, language: lang, ties }, input) {
    const t = member.tenantUuid;
    const names = await namesOf(tx, t);
    const admin = isAdmin(member);
    const self = !input.crew && (!input.person || /^(me|i|yo|myself|mi)$/i.test(input.person.trim()));
    const person = self ? null : input.person ? findPerson(names.people, input.person) : null;
    if (input.person && !self && !person) return refuse(say(lang, 'noPerson', { name: input.person }));
    if (person && person.id === member.employeeId)
      return hoursTool.run({ tx, member, language: lang, today: '', ties }, { ...input, person: undefined });
    if (!self && !admin && !ties.leadsAny) return refuse(say(lang, 'hoursOwnOnly'));
    const job = input.job ? findJob(names.jobs, input.job) : null;
    if (input.job && !job) return refuse(say(lang, 'noJob', { name: input.job }));
    const code = input.costcode
      ? (
          await tx
            .select({ id: costcodes.id, costcode: costcodes.costcode })
            .from(costcodes)
            .where(and(eq(costcodes.tenant_uuid, t), eq(costcodes.costcode, input.costcode)))
            .limit(1)
        )[0]
      : undefined;
    if (input.costcode && !code) return refuse(say(lang, 'noCostcode', { code: input.costcode }));
    // Not an admin and not about themselves: only entries on the jobs the asker runs.
    const jobScope = !self && !admin ? [...ties.led] : null;
    if (job && jobScope && !jobScope.includes(job.id)) return refuse(say(lang, 'hoursOwnOnly'));
    const rows = await tx
      .select({ id: employees.id, name: employeeName, hours: sql<number>`sum(${timecardEntries.hours})::float8` })
      .from(timecardEntries)
      .innerJoin(employees, and(eq(employees.tenant_uuid, timecardEntries.tenant_uuid), eq(employees.id, timecardEntries.employees_id)))
      .where(
        and(
          eq(timecardEntries.tenant_uuid, t),
          between(timecardEntries.timecard_date, input.from, input.to),
          self ? eq(timecardEntries.employees_id, member.employeeId) : undefined,
          person ? eq(timecardEntries.employees_id, person.id) : undefined,
          job ? eq(timecardEntries.jobs_id, job.id) : undefined,
          code ? eq(timecardEntries.costcodes_id, code.id) : undefined,
          jobScope ? (jobScope.length ? inArray(timecardEntries.jobs_id, jobScope) : sql`false`) : undefined,
        ),
      )
      .groupBy(employees.id, employeeName)
      .orderBy(asc(employeeName));
    const total = rows.reduce((s, r) => s + Number(r.hours), 0);
    const when = dateRange(lang, input.from, input.to);
    const what = [job?.label, code?.costcode].filter(Boolean).join(' · ');
    const source: ChatSource = {
      tool: 'hours',
      label: say(lang, 'fromTimecards', { when }),
      link: '/modules/timecards',
      rows: rows.map((r) => ({ label: r.name, value: `${hoursText(Number(r.hours), lang)} h`, link: null })),
    };
    const text = self
      ? say(lang, what ? 'youBookedTo' : 'youBooked', { hours: hoursText(total, lang), when, what })
      : person
        ? say(lang, what ? 'personBookedTo' : 'personBooked', { name: person.name, hours: hoursText(total, lang), when, what })
        : say(lang, what ? 'crewBookedTo' : 'crewBooked', { hours: hoursText(total, lang), when, what, people: String(rows.length) });
    return {
      text,
      data: { from: input.from, to: input.to, job: job?.label, costcode: code?.costcode, total, people: rows },
      source,
      rows: rows.length,
    };
  },
};

/** A job's labour budget against the hours booked, by cost code. */
const budgetTool: ChatTool<z.ZodObject<{ job: z.ZodString }>> = {
  name: 'job_budget',
  description: "A job's budgeted hours against the hours booked so far, by cost code, with the percentage used.",
  input: z.object({ job: nameInput }),
  allowed: (m) => allows(m, 'projects'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const job = findJob((await namesOf(tx, t)).jobs, input.job);
    if (!job) return refuse(say(lang, 'noJob', { name: input.job }));
    const spent = tx
      .select({ costcodes_id: timecardEntries.costcodes_id, hours: sql<number>`sum(${timecardEntries.hours})`.as('hours') })
      .from(timecardEntries)
      .where(and(eq(timecardEntries.tenant_uuid, t), eq(timecardEntries.jobs_id, job.id)))
      .groupBy(timecardEntries.costcodes_id)
      .as('spent');
    const rows = await tx
      .select({
        costcode: costcodes.costcode,
        description: costcodes.description,
        budget: jobsCostcodes.hrsbdg,
        actual: sql<number>`coalesce(${spent.hours}, 0)::float8`,
      })
      .from(jobsCostcodes)
      .innerJoin(costcodes, and(eq(costcodes.tenant_uuid, jobsCostcodes.tenant_uuid), eq(costcodes.id, jobsCostcodes.costcodes_id)))
      .leftJoin(spent, eq(spent.costcodes_id, jobsCostcodes.costcodes_id))
      .where(and(eq(jobsCostcodes.tenant_uuid, t), eq(jobsCostcodes.jobs_id, job.id), eq(jobsCostcodes.status, 1)))
      .orderBy(asc(costcodes.costcode));
    const budget = rows.reduce((s, r) => s + Number(r.budget), 0);
    const actual = rows.reduce((s, r) => s + Number(r.actual), 0);
    const pct = budget > 0 ? Math.round((actual / budget) * 100) : null;
    const over = rows.filter((r) => Number(r.budget) > 0 && Number(r.actual) > Number(r.budget)).map((r) => r.costcode);
    const source: ChatSource = {
      tool: 'job_budget',
      label: say(lang, 'fromBudget', { job: job.label }),
      link: `/modules/projects?id=${job.id}&tab=budget`,
      rows: rows.map((r) => ({
        label: `${r.costcode}${r.description ? ` ${r.description}` : ''}`,
        value: `${hoursText(Number(r.actual), lang)} / ${hoursText(Number(r.budget), lang)} h`,
      })),
    };
    const text =
      say(lang, 'budgetLine', {
        job: job.label,
        actual: hoursText(actual, lang),
        budget: hoursText(budget, lang),
        pct: pct === null ? '—' : `${pct}%`,
      }) + (over.length ? ` ${say(lang, 'overOn', { codes: over.join(', ') })}` : '');
    return { text, data: { job: job.label, budget_hours: budget, actual_hours: actual, by_costcode: rows }, source, rows: rows.length };
  },
};

/** Open tasks: the asker's, or a job's when they may see its tasks. */
const tasksTool: ChatTool<z.ZodObject<{ job: z.ZodOptional<z.ZodString> }>> = {
  name: 'open_tasks',
  description: "Open tasks (not done), soonest due first: the asker's own (no job), or a job's.",
  input: z.object({ job: nameInput.optional() }),
  allowed: (m) => allows(m, 'tasks'),
  async run({ tx, member, language: lang, ties, today }, input) {
    const t = member.tenantUuid;
    const admin = isAdmin(member);
    const job = input.job ? findJob((await namesOf(tx, t)).jobs, input.job) : null;
    if (input.job && !job) return refuse(say(lang, 'noJob', { name: input.job }));
    const onJob = job ? (admin || ties.led.has(job.id) ? eq(tasks.jobs_id, job.id) : null) : null;
    if (job && !onJob) return refuse(say(lang, 'tasksNotYours'));
    const mine = sql`exists (select 1 from ${taskAssignees} a where a.tenant_uuid = ${t} and a.tasks_id = "tasks"."id" and a.employees_id = ${member.employeeId})`;
    const rows = await tx
      .select({ id: tasks.id, title: tasks.title, due: tasks.due_date, status: tasks.status })
      .from(tasks)
      .where(and(eq(tasks.tenant_uuid, t), ne(tasks.status, 'done'), isNull(tasks.parent_task), onJob ?? mine))
      .orderBy(sql`${tasks.due_date} asc nulls last`, asc(tasks.id))
      .limit(10);
    const overdue = rows.filter((r) => r.due && r.due < today).length;
    const source: ChatSource = {
      tool: 'open_tasks',
      label: job ? say(lang, 'fromTasksJob', { job: job.label }) : say(lang, 'fromTasks'),
      link: '/modules/tasks',
      rows: rows.map((r) => ({ label: r.title, value: r.due ?? null, link: '/modules/tasks' })),
    };
    const text = rows.length
      ? say(lang, job ? 'tasksOnJob' : 'tasksMine', { count: String(rows.length), job: job?.label ?? '', overdue: String(overdue) })
      : say(lang, job ? 'noTasksOnJob' : 'noTasksMine', { job: job?.label ?? '' });
    return { text, data: { job: job?.label ?? null, tasks: rows }, source, rows: rows.length };
  },
};

/** A person's work phone and e-mail from the directory. */
const directoryTool: ChatTool<z.ZodObject<{ person: z.ZodString }>> = {
  name: 'directory',
  description: "A person's work phone and e-mail from the company directory.",
  input: z.object({ person: nameInput }),
  allowed: (m) => allows(m, 'people'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const person = findPerson((await namesOf(tx, t)).people, input.person);
    if (!person) return refuse(say(lang, 'noPerson', { name: input.person }));
    const [row] = await tx
      .select({ phone: employees.cellphone, email: employees.email, trades: employees.trades })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, t), eq(employees.id, person.id)));
    const source: ChatSource = {
      tool: 'directory',
      label: say(lang, 'fromDirectory'),
      link: `/modules/people?id=${person.id}`,
      rows: [
        { label: say(lang, 'phone'), value: row?.phone ?? '—' },
        { label: say(lang, 'email'), value: row?.email ?? '—' },
      ],
    };
    return {
      text: say(lang, 'contactLine', { name: person.name, phone: row?.phone || '—', email: row?.email || '—' }),
      data: { name: person.name, phone: row?.phone ?? null, email: row?.email ?? null },
      source,
      rows: 1,
    };
  },
};

/** Where a tool is: its container (the shop, a truck, a job box) and who moved it there, when. */
const toolLocationTool: ChatTool<z.ZodObject<{ tool: z.ZodString }>> = {
  name: 'tool_location',
  description: 'Where a tool is now (its container) and its last move, by tool number, name, make or model (e.g. "Hilti TE 70").',
  input: z.object({ tool: nameInput }),
  allowed: (m) => allows(m, 'tools'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const words = normalizeText(input.tool)
      .split(' ')
      .filter((w) => w.length > 0 && !['the', 'el', 'la', 'tool', 'herramienta'].includes(w))
      .slice(0, 6);
    if (!words.length) return refuse(say(lang, 'noTool', { name: input.tool }));
    const haystack = sql`lower(concat_ws(' ', ${tools.tool_number}, ${tools.name}, ${tools.make}, ${tools.model}))`;
    const rows = await tx
      .select({
        id: tools.id,
        number: tools.tool_number,
        name: tools.name,
        container: containers.container_name,
        moved: sql<string | null>`${tools.last_log}->>'moved_on'`,
        by: sql<string | null>`${tools.last_log}->>'employee_name'`,
      })
      .from(tools)
      .innerJoin(containers, and(eq(containers.tenant_uuid, tools.tenant_uuid), eq(containers.id, tools.container_id)))
      .where(
        and(eq(tools.tenant_uuid, t), eq(tools.status, 1), ...words.map((w) => sql`${haystack} like ${`%${w.replace(/[%_\\]/g, '')}%`}`)),
      )
      .orderBy(asc(tools.tool_number))
      .limit(5);
    if (!rows.length) return refuse(say(lang, 'noTool', { name: input.tool }));
    const source: ChatSource = {
      tool: 'tool_location',
      label: say(lang, 'fromTools'),
      link: '/modules/tool20',
      rows: rows.map((r) => ({ label: `${r.number} ${r.name}`, value: r.container, link: '/modules/tool20' })),
    };
    const first = rows[0];
    const when = first.moved ? dateRange(lang, first.moved.slice(0, 10), first.moved.slice(0, 10)) : null;
    const text =
      say(lang, 'toolIn', { tool: `${first.number} ${first.name}`, container: first.container }) +
      (when ? ` ${say(lang, first.by ? 'toolMovedBy' : 'toolMoved', { when, name: first.by ?? '' })}` : '') +
      (rows.length > 1 ? ` ${say(lang, 'toolsMore', { count: String(rows.length - 1) })}` : '');
    return { text, data: { tools: rows }, source, rows: rows.length };
  },
};

/** The tools, in the order they are offered. */
export const LOOKUP_TOOLS = [scheduleTool, hoursTool, budgetTool, tasksTool, directoryTool, toolLocationTool];
