import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs, jobsForemen, jobsPms } from '../jobs/jobs.table.js';
import { jobsCostcodes } from '../jobs/jobs-costcodes.table.js';
import { jobTies, visibleTo } from '../tasks/tasks.service.js';
import { taskAssignees, tasks } from '../tasks/tasks.table.js';
import { timecardEntries } from '../timecards/timecards.table.js';
import { allows, hoursText, isAdmin, longDate, nameInput, refuse, someOf } from './chatbot.kit.js';
import { findJob, findPerson, namesOf } from './chatbot.names.js';
import type { ChatSource } from './chatbot.table.js';
import { chatTool } from './chatbot.tool-types.js';
import { say } from './chatbot.words.js';

/** The chatbot's read-only tools over jobs, people and tasks (issue 22, issue 48): each decides what the asker may see. */

const jobLink = (id: number, tab?: string) => `/modules/projects?id=${id}${tab ? `&tab=${tab}` : ''}`;
const personLink = (id: number) => `/modules/people?id=${id}`;
const statusWord = (status: number) => (status === 1 ? 'active' : status === 2 ? 'complete' : 'archived');

/** The company's jobs: the active ones, the asker's own, or those over their budgeted hours. */
const jobsTool = chatTool({
  name: 'jobs',
  description:
    "The company's active jobs (mine: true for the jobs the asker runs as foreman or PM; over_budget: true for jobs past their budgeted hours).",
  input: z.object({ mine: z.boolean().optional(), over_budget: z.boolean().optional() }),
  allowed: (m) => allows(m, 'projects'),
  async run({ tx, member, language: lang, ties }, input) {
    const t = member.tenantUuid;
    if (input.mine && !ties.leadsAny) return { text: say(lang, 'youRunNothing'), data: { jobs: [] }, source: null, rows: 0 };
    const rows = await tx
      .select({ id: jobs.id, label: jobLabelSql, budget: jobs.budget_hours, booked: jobs.booked_minutes })
      .from(jobs)
      .where(
        and(
          eq(jobs.tenant_uuid, t),
          eq(jobs.status, 1),
          input.mine ? inArray(jobs.id, [...ties.led]) : undefined,
          input.over_budget ? sql`${jobs.budget_hours} > 0 and ${jobs.booked_minutes} / 60.0 > ${jobs.budget_hours}` : undefined,
        ),
      )
      .orderBy(sql`lower(coalesce(nullif(${jobs.job_abbr}, ''), ${jobs.job}))`, asc(jobs.id))
      .limit(500);
    const source: ChatSource = {
      tool: 'jobs',
      label: say(lang, 'fromJobs'),
      link: '/modules/projects',
      rows: rows.slice(0, 50).map((r) => ({
        label: r.label,
        value: input.over_budget ? `${hoursText(r.booked / 60, lang)} / ${hoursText(r.budget, lang)} h` : null,
        link: jobLink(r.id, input.over_budget ? 'budget' : undefined),
      })),
    };
    const list = someOf(
      lang,
      rows.map((r) => (input.over_budget ? `${r.label} (${hoursText(r.booked / 60, lang)} / ${hoursText(r.budget, lang)} h)` : r.label)),
      25,
    );
    const key = input.over_budget ? (rows.length ? 'jobsOver' : 'noJobsOver') : input.mine ? 'jobsMine' : 'jobsActive';
    return { text: say(lang, key, { count: String(rows.length), list }), data: { jobs: rows }, source, rows: rows.length };
  },
});

/** One job: its status, place, foremen and PMs, dates and customer. */
const jobInfoTool = chatTool({
  name: 'job_info',
  description: "A job's status, address, customer, foremen and project managers (who runs it) and planned dates.",
  input: z.object({ job: nameInput }),
  allowed: (m) => allows(m, 'projects'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const found = findJob(await namesOf(tx, t), input.job);
    if (!found) return refuse(say(lang, 'noJob', { name: input.job }));
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.tenant_uuid, t), eq(jobs.id, found.id)));
    const leads = await tx
      .select({ id: employees.id, name: employeeName, kind: sql<string>`'foreman'` })
      .from(jobsForemen)
      .innerJoin(employees, and(eq(employees.tenant_uuid, jobsForemen.tenant_uuid), eq(employees.id, jobsForemen.employees_id)))
      .where(and(eq(jobsForemen.tenant_uuid, t), eq(jobsForemen.jobs_id, found.id)))
      .unionAll(
        tx
          .select({ id: employees.id, name: employeeName, kind: sql<string>`'pm'` })
          .from(jobsPms)
          .innerJoin(employees, and(eq(employees.tenant_uuid, jobsPms.tenant_uuid), eq(employees.id, jobsPms.employees_id)))
          .where(and(eq(jobsPms.tenant_uuid, t), eq(jobsPms.jobs_id, found.id))),
      );
    const foremen = leads.filter((l) => l.kind === 'foreman');
    const pms = leads.filter((l) => l.kind === 'pm');
    const place = [job.street, [job.city, [job.state, job.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
      .filter(Boolean)
      .join(', ');
    const parts = [
      say(lang, 'jobHead', { job: found.label, status: say(lang, `job_${statusWord(job.status)}`), place: place ? `, ${place}` : '' }),
      say(lang, 'jobLeads', {
        foremen: foremen.map((f) => f.name).join(', ') || '—',
        pms: pms.map((p) => p.name).join(', ') || '—',
      }),
    ];
    if (job.customer) parts.push(say(lang, 'jobCustomer', { customer: job.customer }));
    if (job.start_date || job.end_date)
      parts.push(
        say(lang, 'jobDates', {
          from: job.start_date ? longDate(lang, job.start_date) : '—',
          to: job.end_date ? longDate(lang, job.end_date) : '—',
        }),
      );
    const source: ChatSource = {
      tool: 'job_info',
      label: say(lang, 'fromJob', { job: found.label }),
      link: jobLink(found.id),
      rows: [
        ...foremen.map((f) => ({ label: f.name, value: say(lang, 'foreman'), link: personLink(f.id) })),
        ...pms.map((p) => ({ label: p.name, value: say(lang, 'pm'), link: personLink(p.id) })),
      ],
    };
    return {
      text: parts.join(' '),
      data: {
        job: found.label,
        status: statusWord(job.status),
        address: place,
        customer: job.customer,
        start_date: job.start_date,
        end_date: job.end_date,
        foremen: foremen.map((f) => f.name),
        project_managers: pms.map((p) => p.name),
      },
      source,
      rows: 1 + leads.length,
    };
  },
});

/** A job's labour budget against the hours booked, by cost code. */
const budgetTool = chatTool({
  name: 'job_budget',
  description: "A job's budgeted hours against the hours booked so far, by cost code, with the percentage used.",
  input: z.object({ job: nameInput }),
  allowed: (m) => allows(m, 'projects'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const job = findJob(await namesOf(tx, t), input.job);
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
      link: jobLink(job.id, 'budget'),
      rows: rows.map((r) => ({
        label: `${r.costcode}${r.description ? ` ${r.description}` : ''}`,
        value: `${hoursText(Number(r.actual), lang)} / ${hoursText(Number(r.budget), lang)} h`,
        link: jobLink(job.id, 'budget'),
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
});

/** Open tasks: the asker's, or a job's (those the asker may see), optionally only the overdue ones. */
const tasksTool = chatTool({
  name: 'open_tasks',
  description: "Open tasks (not done), soonest due first: the asker's own (no job), or a job's; overdue: true for only those past due.",
  input: z.object({ job: nameInput.optional(), overdue: z.boolean().optional() }),
  allowed: (m) => allows(m, 'tasks'),
  async run({ tx, member, language: lang, ties, today }, input) {
    const t = member.tenantUuid;
    const admin = isAdmin(member);
    const job = input.job ? findJob(await namesOf(tx, t), input.job) : null;
    if (input.job && !job) return refuse(say(lang, 'noJob', { name: input.job }));
    // A job's tasks as the tasks screen shows them: admins all; its foremen and PMs all; its crew the ones they may read.
    let scope: SQL | undefined;
    if (job && !admin && !ties.led.has(job.id)) {
      const mine = await jobTies(tx, member);
      if (!mine.on.has(job.id)) return refuse(say(lang, 'tasksNotYours'));
      scope = visibleTo(member, mine);
    }
    const assigned = sql`exists (select 1 from ${taskAssignees} a where a.tenant_uuid = ${t} and a.tasks_id = "tasks"."id" and a.employees_id = ${member.employeeId})`;
    const rows = await tx
      .select({ id: tasks.id, title: tasks.title, due: tasks.due_date, status: tasks.status })
      .from(tasks)
      .where(
        and(
          eq(tasks.tenant_uuid, t),
          ne(tasks.status, 'done'),
          isNull(tasks.parent_task),
          job ? eq(tasks.jobs_id, job.id) : assigned,
          scope,
          input.overdue ? sql`${tasks.due_date} < ${today}` : undefined,
        ),
      )
      .orderBy(sql`${tasks.due_date} asc nulls last`, asc(tasks.id))
      .limit(25);
    const overdue = rows.filter((r) => r.due && r.due < today).length;
    const source: ChatSource = {
      tool: 'open_tasks',
      label: job ? say(lang, 'fromTasksJob', { job: job.label }) : say(lang, 'fromTasks'),
      link: '/modules/tasks',
      rows: rows.map((r) => ({ label: r.title, value: r.due ?? null, link: `/modules/tasks?id=${r.id}` })),
    };
    const titles = someOf(
      lang,
      rows.map((r) => r.title),
      10,
    );
    const vars = { count: String(rows.length), job: job?.label ?? '', overdue: String(overdue), titles };
    const text = rows.length
      ? say(lang, input.overdue ? (job ? 'overdueOnJob' : 'overdueMine') : job ? 'tasksOnJob' : 'tasksMine', vars)
      : say(lang, input.overdue ? (job ? 'noOverdueOnJob' : 'noOverdueMine') : job ? 'noTasksOnJob' : 'noTasksMine', vars);
    return { text, data: { job: job?.label ?? null, tasks: rows }, source, rows: rows.length };
  },
});

/** A person's work phone, e-mail and trade from the directory. */
const directoryTool = chatTool({
  name: 'directory',
  description: "A person's work phone, e-mail and trade from the company directory.",
  input: z.object({ person: nameInput }),
  allowed: (m) => allows(m, 'people'),
  async run({ tx, member, language: lang }, input) {
    const t = member.tenantUuid;
    const person = findPerson(await namesOf(tx, t), input.person);
    if (!person) return refuse(say(lang, 'noPerson', { name: input.person }));
    const [row] = await tx
      .select({ phone: employees.cellphone, email: employees.email, trades: employees.trades })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, t), eq(employees.id, person.id)));
    let trade = '';
    try {
      const parsed = JSON.parse(row?.trades ?? '[]');
      trade = Array.isArray(parsed) ? parsed.filter((x) => typeof x === 'string').join(', ') : '';
    } catch {
      trade = row?.trades ?? '';
    }
    const source: ChatSource = {
      tool: 'directory',
      label: say(lang, 'fromDirectory'),
      link: personLink(person.id),
      rows: [
        { label: say(lang, 'phone'), value: row?.phone ?? '—' },
        { label: say(lang, 'email'), value: row?.email ?? '—' },
      ],
    };
    return {
      text: say(lang, 'contactLine', {
        name: trade ? `${person.name} (${trade})` : person.name,
        phone: row?.phone || '—',
        email: row?.email || '—',
      }),
      data: { name: person.name, trade: trade || null, phone: row?.phone ?? null, email: row?.email ?? null },
      source,
      rows: 1,
    };
  },
});

/** The directory: how many active people, and who. */
const peopleTool = chatTool({
  name: 'people',
  description: "The company's active people (the directory): how many, and their names.",
  input: z.object({}),
  allowed: (m) => allows(m, 'people'),
  async run({ tx, member, language: lang }) {
    const t = member.tenantUuid;
    const rows = await tx
      .select({ id: employees.id, name: employeeName })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, t), eq(employees.status, 1)))
      .orderBy(sql`lower(coalesce(${employees.firstname}, ''))`, sql`lower(coalesce(${employees.lastname}, ''))`, asc(employees.id))
      .limit(1000);
    const source: ChatSource = {
      tool: 'people',
      label: say(lang, 'fromDirectory'),
      link: '/modules/people',
      rows: rows.slice(0, 50).map((r) => ({ label: r.name, link: personLink(r.id) })),
    };
    return {
      text: say(lang, 'peopleCount', {
        count: String(rows.length),
        names: someOf(
          lang,
          rows.map((r) => r.name),
          20,
        ),
      }),
      data: { count: rows.length, people: rows.slice(0, 100) },
      source,
      rows: rows.length,
    };
  },
});

export const JOB_TOOLS = [jobsTool, jobInfoTool, budgetTool, tasksTool, directoryTool, peopleTool];
