import { addDays, mondayOf } from '@groundwork/core/chatbot';
import { payPeriodFor } from '@groundwork/core/pay-periods';
import { and, asc, between, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Member } from '../../graphql/gate.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { employeeName, employees } from '../employees/employees.table.js';
import { jobLabelSql, jobs } from '../jobs/jobs.table.js';
import { punchSegments } from '../punches/punches.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { loadSettings, payPeriodConfig } from '../timecards/timecards.service.js';
import { timecardEntries, usersTimecard } from '../timecards/timecards.table.js';
import { accessOf, allows, dateRange, dayText, hoursText, isAdmin, isoDate, nameInput, refuse } from './chatbot.kit.js';
import { findJob, findPerson, namesOf } from './chatbot.names.js';
import type { ChatSource } from './chatbot.table.js';
import { chatTool, type ToolContext } from './chatbot.tool-types.js';
import { say } from './chatbot.words.js';

/** The chatbot's read-only tools over the schedule and time (issue 22, issue 48): each decides what the asker may see. */

const SELF = /^(me|i|yo|myself|mi|mine)$/i;
const plans = (m: Member) => isAdmin(m) || m.permissions.has('scheduling_admin');
const personLink = (id: number) => `/modules/people?id=${id}`;
const jobLink = (id: number) => `/modules/projects?id=${id}`;
const eventLabel = (lang: 'en' | 'es', event: string, label: string | null) => {
  if (event === 'Work') return label ?? '';
  const key = `event_${event.replace(/\s+/g, '_')}`;
  const text = say(lang, key);
  return text === key ? event : text;
};

/** Who is scheduled on a job on a day (or days), or where a person (or the asker) is. */
const scheduleTool = chatTool({
  name: 'schedule',
  description:
    'Who is scheduled on a job on a date, or where a person (or the asker: person "me") is scheduled on a date. Give job or ' +
    'person, and date (YYYY-MM-DD); give `to` as well for several days (a week: Monday to Sunday).',
  input: z.object({ job: nameInput.optional(), person: nameInput.optional(), date: isoDate, to: isoDate.optional() }),
  allowed: (m) => allows(m, 'scheduling'),
  async run({ tx, member, language: lang, ties }, input) {
    const t = member.tenantUuid;
    const names = await namesOf(tx, t);
    const admin = plans(member);
    const to = input.to && input.to >= input.date ? (input.to < addDays(input.date, 31) ? input.to : addDays(input.date, 30)) : input.date;
    const when = dateRange(lang, input.date, to);
    const days = to !== input.date;
    if (input.job) {
      const job = findJob(names, input.job);
      if (!job) return refuse(say(lang, 'noJob', { name: input.job }));
      if (!admin && !ties.led.has(job.id)) return refuse(say(lang, 'scheduleNotYours'));
      const rows = await tx
        .select({ id: employees.id, name: employeeName, status: scheduledLabor.confirmation_status, date: scheduledLabor.date })
        .from(scheduledLabor)
        .innerJoin(employees, and(eq(employees.tenant_uuid, scheduledLabor.tenant_uuid), eq(employees.id, scheduledLabor.employees_id)))
        .where(and(eq(scheduledLabor.tenant_uuid, t), eq(scheduledLabor.jobs_id, job.id), between(scheduledLabor.date, input.date, to)))
        .orderBy(asc(employeeName), asc(scheduledLabor.date));
      const people = [...new Map(rows.map((r) => [r.id, r])).values()];
      // The planner's board for scheduling admins; for a foreman, My Schedule (the crew screens need scheduling_admin).
      const source: ChatSource = {
        tool: 'schedule',
        label: say(lang, 'fromSchedule', { when }),
        link: admin ? '/admin/scheduling' : '/modules/scheduled',
        rows: people.map((r) => ({
          label: r.name,
          value: days
            ? say(lang, 'daysCount', { count: String(rows.filter((x) => x.id === r.id).length) })
            : say(lang, `status_${r.status}`),
          link: personLink(r.id),
        })),
      };
      const text = people.length
        ? say(lang, days ? 'scheduledOnDays' : 'scheduledOn', { job: job.label, when, names: people.map((r) => r.name).join(', ') })
        : say(lang, 'nobodyOn', { job: job.label, when });
      return { text, data: { job: job.label, from: input.date, to, people: rows }, source, rows: people.length };
    }
    const self = !input.person || SELF.test(input.person.trim());
    const found = self ? null : findPerson(names, input.person ?? '');
    if (!self && !found) return refuse(say(lang, 'noPerson', { name: input.person ?? '' }));
    const person = found && found.id !== member.employeeId ? found : null;
    // A foreman sees another person's days only on the jobs they run; the crew see their own.
    if (person && !admin && !ties.leadsAny) return refuse(say(lang, 'scheduleOwnOnly'));
    const rows = await tx
      .select({
        job_id: scheduledLabor.jobs_id,
        label: jobLabelSql,
        event: scheduledLabor.event_type,
        status: scheduledLabor.confirmation_status,
        date: scheduledLabor.date,
      })
      .from(scheduledLabor)
      .leftJoin(jobs, and(eq(jobs.tenant_uuid, scheduledLabor.tenant_uuid), eq(jobs.id, scheduledLabor.jobs_id)))
      .where(
        and(
          eq(scheduledLabor.tenant_uuid, t),
          eq(scheduledLabor.employees_id, person?.id ?? member.employeeId),
          between(scheduledLabor.date, input.date, to),
        ),
      )
      .orderBy(asc(scheduledLabor.date));
    const visible = !person || admin ? rows : rows.filter((r) => r.job_id != null && ties.led.has(r.job_id));
    const name = person?.name ?? say(lang, 'you');
    const source: ChatSource = {
      tool: 'schedule',
      label: say(lang, 'fromSchedule', { when }),
      link: admin && person ? '/admin/scheduling' : '/modules/scheduled',
      rows: visible.map((r) => ({
        label: days ? `${dayText(lang, r.date)} · ${eventLabel(lang, r.event, r.label)}` : eventLabel(lang, r.event, r.label),
        value: say(lang, `status_${r.status}`),
        link: r.job_id ? jobLink(r.job_id) : null,
      })),
    };
    let places: string;
    if (days) {
      // "RMOB (Mon, Tue, Wed), ADC (Thu, Fri)".
      const byPlace = new Map<string, string[]>();
      for (const r of visible) {
        const key = eventLabel(lang, r.event, r.label);
        byPlace.set(key, [...(byPlace.get(key) ?? []), dayText(lang, r.date).split(',')[0]]);
      }
      places = [...byPlace.entries()].map(([k, d]) => `${k} (${d.join(', ')})`).join('; ');
    } else
      places = visible
        .map((r) => `${eventLabel(lang, r.event, r.label)}${r.event === 'Work' ? ` (${say(lang, `status_${r.status}`)})` : ''}`)
        .join(', ');
    const text = visible.length
      ? say(lang, person ? 'personIsOn' : 'youAreOn', { name, when, places })
      : say(lang, person ? 'personIsFree' : 'youAreFree', { name, when });
    return { text, data: { person: name, from: input.date, to, scheduled: visible }, source, rows: visible.length };
  },
});

/** The day's board: who works where (every job for planners, the asker's jobs for a foreman), or who is off. */
const boardTool = chatTool({
  name: 'schedule_board',
  description:
    'Who works where on a date (or from date to `to`): every job for planners and admins, the jobs the asker runs for a ' +
    'foreman. time_off: true lists who is off instead (vacation, sick leave, holidays).',
  input: z.object({ date: isoDate, to: isoDate.optional(), time_off: z.boolean().optional() }),
  allowed: (m) => allows(m, 'scheduling'),
  async run({ tx, member, language: lang, ties }, input) {
    const t = member.tenantUuid;
    const admin = plans(member);
    if (!admin && !ties.leadsAny) return refuse(say(lang, 'boardOwnOnly'));
    const to = input.to && input.to >= input.date && input.to < addDays(input.date, 31) ? input.to : input.date;
    const when = dateRange(lang, input.date, to);
    const scope = admin ? undefined : ties.led.size ? inArray(scheduledLabor.jobs_id, [...ties.led]) : sql`false`;
    const rows = await tx
      .select({
        id: employees.id,
        name: employeeName,
        job_id: scheduledLabor.jobs_id,
        label: jobLabelSql,
        event: scheduledLabor.event_type,
        date: scheduledLabor.date,
      })
      .from(scheduledLabor)
      .innerJoin(employees, and(eq(employees.tenant_uuid, scheduledLabor.tenant_uuid), eq(employees.id, scheduledLabor.employees_id)))
      .leftJoin(jobs, and(eq(jobs.tenant_uuid, scheduledLabor.tenant_uuid), eq(jobs.id, scheduledLabor.jobs_id)))
      .where(
        and(
          eq(scheduledLabor.tenant_uuid, t),
          between(scheduledLabor.date, input.date, to),
          input.time_off ? ne(scheduledLabor.event_type, 'Work') : eq(scheduledLabor.event_type, 'Work'),
          // A foreman's board: their jobs (time off carries no job: their crew's, by the people on their jobs).
          input.time_off && !admin
            ? sql`${scheduledLabor.employees_id} in (select s.employees_id from ${scheduledLabor} s where s.tenant_uuid = ${t}
                and s.jobs_id in (${sql.join([...ties.led, 0], sql`, `)}) and s.date between ${addDays(input.date, -14)} and ${addDays(to, 14)})`
            : scope,
        ),
      )
      .orderBy(asc(jobLabelSql), asc(employeeName))
      .limit(500);
    const groups = new Map<string, { link: string | null; names: Set<string> }>();
    for (const r of rows) {
      const key = input.time_off ? r.name : eventLabel(lang, r.event, r.label);
      const g = groups.get(key) ?? { link: input.time_off ? personLink(r.id) : r.job_id ? jobLink(r.job_id) : null, names: new Set() };
      g.names.add(input.time_off ? `${eventLabel(lang, r.event, null)} ${dayText(lang, r.date)}` : r.name);
      groups.set(key, g);
    }
    const source: ChatSource = {
      tool: 'schedule_board',
      label: say(lang, 'fromSchedule', { when }),
      link: admin ? '/admin/scheduling' : '/modules/scheduled',
      rows: [...groups.entries()].map(([label, g]) => ({ label, value: [...g.names].join(', '), link: g.link })),
    };
    const lines = [...groups.entries()].map(([label, g]) => `${label}: ${[...g.names].join(', ')}`);
    const text = lines.length
      ? say(lang, input.time_off ? 'offOn' : 'boardOn', { when, lines: lines.join('; ') })
      : say(lang, input.time_off ? 'nobodyOff' : 'nobodyScheduled', { when });
    return { text, data: { from: input.date, to, entries: rows }, source, rows: groups.size };
  },
});

/** A foreman's crew: the people scheduled on the jobs they run in a week (or on one day). */
const crewTool = chatTool({
  name: 'crew',
  description:
    "Who is on a foreman's crew: the people scheduled on the jobs they run, from date to `to` (YYYY-MM-DD). foreman: a name, " +
    'or none for the asker.',
  input: z.object({ foreman: nameInput.optional(), date: isoDate, to: isoDate.optional() }),
  allowed: (m) => allows(m, 'scheduling'),
  async run({ tx, member, language: lang, ties }, input) {
    const t = member.tenantUuid;
    const names = await namesOf(tx, t);
    const other = input.foreman && !SELF.test(input.foreman.trim()) ? findPerson(names, input.foreman) : null;
    if (input.foreman && !SELF.test(input.foreman.trim()) && !other) return refuse(say(lang, 'noPerson', { name: input.foreman }));
    const lead = other && other.id !== member.employeeId ? other : null;
    if (lead && !plans(member)) return refuse(say(lang, 'crewOwnOnly'));
    let led = ties.led;
    if (lead) {
      const rows = (await tx.execute(sql`select jobs_id from jobs_foremen where tenant_uuid = ${t} and employees_id = ${lead.id}
        union select jobs_id from jobs_pms where tenant_uuid = ${t} and employees_id = ${lead.id}`)) as unknown as {
        rows: { jobs_id: number }[];
      };
      led = new Set(rows.rows.map((r) => Number(r.jobs_id)));
    }
    const name = lead?.name ?? say(lang, 'you');
    if (!led.size)
      return { text: say(lang, lead ? 'personRunsNothing' : 'youRunNothing', { name }), data: { crew: [] }, source: null, rows: 0 };
    const to = input.to && input.to >= input.date ? input.to : input.date;
    const me = lead?.id ?? member.employeeId;
    const rows = await tx
      .selectDistinct({ id: employees.id, name: employeeName, label: jobLabelSql })
      .from(scheduledLabor)
      .innerJoin(employees, and(eq(employees.tenant_uuid, scheduledLabor.tenant_uuid), eq(employees.id, scheduledLabor.employees_id)))
      .innerJoin(jobs, and(eq(jobs.tenant_uuid, scheduledLabor.tenant_uuid), eq(jobs.id, scheduledLabor.jobs_id)))
      .where(
        and(
          eq(scheduledLabor.tenant_uuid, t),
          inArray(scheduledLabor.jobs_id, [...led]),
          between(scheduledLabor.date, input.date, to),
          ne(scheduledLabor.employees_id, me),
        ),
      )
      .orderBy(employeeName);
    const people = [...new Map(rows.map((r) => [r.id, r])).values()];
    const when = dateRange(lang, input.date, to);
    const source: ChatSource = {
      tool: 'crew',
      label: say(lang, 'fromSchedule', { when }),
      link: '/modules/scheduled',
      rows: people.map((r) => ({
        label: r.name,
        value: [...new Set(rows.filter((x) => x.id === r.id).map((x) => x.label))].join(', '),
        link: personLink(r.id),
      })),
    };
    const text = people.length
      ? say(lang, lead ? 'crewOf' : 'crewMine', { name, when, names: people.map((p) => p.name).join(', '), count: String(people.length) })
      : say(lang, 'crewEmpty', { when });
    return { text, data: { crew: people }, source, rows: people.length };
  },
});

/** Hours booked from time cards: the asker's own, a person's, the crew's, or a job's total. */
const hoursTool = chatTool({
  name: 'hours',
  description:
    "Hours booked on time cards between from and to (YYYY-MM-DD): the asker's own (no person), a named person's, the crew's " +
    "on the jobs the asker runs (crew: true), or everyone's (everyone: true: the company's for admins, the crew's for a " +
    'foreman, with who booked most), optionally on one job and/or one cost code (e.g. "03-300").',
  input: z.object({
    person: nameInput.optional(),
    crew: z.boolean().optional(),
    job: nameInput.optional(),
    everyone: z.boolean().optional(),
    costcode: z.string().trim().max(40).optional(),
    from: isoDate,
    to: isoDate,
  }),
  allowed: (m) => allows(m, 'timecards'),
  async run(ctx, input) {
    const { tx, member, language: lang, ties } = ctx;
    const t = member.tenantUuid;
    const names = await namesOf(tx, t);
    const admin = isAdmin(member);
    const named = input.person && !SELF.test(input.person.trim()) ? findPerson(names, input.person) : null;
    if (input.person && !SELF.test(input.person.trim()) && !named) return refuse(say(lang, 'noPerson', { name: input.person }));
    const person = named && named.id !== member.employeeId ? named : null;
    const job = input.job ? findJob(names, input.job) : null;
    if (input.job && !job) return refuse(say(lang, 'noJob', { name: input.job }));
    const everyone = !person && !input.crew && input.everyone === true;
    const self = !person && !input.crew && !everyone;
    if (!self && !admin && !ties.leadsAny) return refuse(say(lang, 'hoursOwnOnly'));
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
      rows: rows.map((r) => ({ label: r.name, value: `${hoursText(Number(r.hours), lang)} h`, link: personLink(r.id) })),
    };
    const most = [...rows]
      .sort((a, b) => Number(b.hours) - Number(a.hours))
      .slice(0, 5)
      .map((r) => `${r.name} ${hoursText(Number(r.hours), lang)} h`)
      .join(', ');
    const vars = { hours: hoursText(total, lang), when, what, name: person?.name ?? '', people: String(rows.length), most };
    const text = self
      ? say(lang, what ? 'youBookedTo' : 'youBooked', vars)
      : person
        ? say(lang, what ? 'personBookedTo' : 'personBooked', vars)
        : everyone
          ? say(lang, job ? 'jobBooked' : admin ? 'allBooked' : 'crewBooked', vars) +
            (rows.length > 1 ? ` ${say(lang, 'mostHours', vars)}` : '')
          : say(lang, what ? 'crewBookedTo' : 'crewBooked', vars);
    return {
      text,
      data: { from: input.from, to: input.to, job: job?.label, costcode: code?.costcode, total, people: rows },
      source,
      rows: rows.length,
    };
  },
});

/** Time cards of the last finished pay period not signed: everyone's (time-card admins), a foreman's crew, or the asker's own. */
const unsignedTool = chatTool({
  name: 'unsigned_timecards',
  description:
    "Who has not signed their time card for the last finished pay period (admins: everyone; a foreman: their crew; others: whether the asker's own is signed).",
  input: z.object({}),
  allowed: (m) => allows(m, 'timecards'),
  async run(ctx: ToolContext) {
    const { tx, member, language: lang, today } = ctx;
    const t = member.tenantUuid;
    const { type, anchor } = payPeriodConfig(await loadSettings(tx, t));
    const period = payPeriodFor(addDays(payPeriodFor(today, type, anchor).start, -1), type, anchor);
    const when = dateRange(lang, period.start, period.end);
    const all = accessOf(member, 'timecards') === 'all';
    const crew = !all && ctx.ties.leadsAny;
    if (!all && !crew) {
      const [card] = await tx
        .select({ signed: usersTimecard.signed_on, entries: usersTimecard.entries })
        .from(usersTimecard)
        .where(
          and(
            eq(usersTimecard.tenant_uuid, t),
            eq(usersTimecard.employees_id, member.employeeId),
            eq(usersTimecard.payperiod_start_date, period.start),
          ),
        );
      const key = !card?.entries ? 'cardEmpty' : card.signed ? 'cardSigned' : 'cardNotSigned';
      return {
        text: say(lang, key, { when }),
        data: { period, signed: !!card?.signed },
        source: { tool: 'unsigned_timecards', label: say(lang, 'fromTimecards', { when }), link: '/modules/timecards', rows: [] },
        rows: card ? 1 : 0,
      };
    }
    // The dashboard's rules: everyone's cards with time and no signature; a foreman's crew, by time on the jobs they run.
    const rows = all
      ? await tx
          .select({ id: employees.id, name: employeeName })
          .from(usersTimecard)
          .innerJoin(
            employees,
            and(
              eq(employees.tenant_uuid, usersTimecard.tenant_uuid),
              eq(employees.id, usersTimecard.employees_id),
              eq(employees.status, 1),
            ),
          )
          .where(
            and(
              eq(usersTimecard.tenant_uuid, t),
              eq(usersTimecard.payperiod_start_date, period.start),
              sql`${usersTimecard.signed_on} is null and ${usersTimecard.entries} > 0`,
            ),
          )
          .orderBy(employeeName)
      : await tx
          .select({ id: employees.id, name: employeeName })
          .from(employees)
          .where(
            and(
              eq(employees.tenant_uuid, t),
              eq(employees.status, 1),
              sql`exists (select 1 from ${timecardEntries} te where te.tenant_uuid = ${t} and te.employees_id = ${employees.id}
                and te.timecard_date between ${period.start} and ${period.end}
                and te.jobs_id in (select f.jobs_id from jobs_foremen f where f.tenant_uuid = ${t} and f.employees_id = ${member.employeeId}))`,
              sql`not exists (select 1 from ${usersTimecard} c where c.tenant_uuid = ${t} and c.employees_id = ${employees.id}
                and c.payperiod_start_date = ${period.start} and c.signed_on is not null)`,
            ),
          )
          .orderBy(employeeName);
    const source: ChatSource = {
      tool: 'unsigned_timecards',
      label: say(lang, 'fromTimecards', { when }),
      link: '/modules/timecards',
      rows: rows.map((r) => ({ label: r.name, value: say(lang, 'notSigned'), link: personLink(r.id) })),
    };
    const text = rows.length
      ? say(lang, 'unsignedList', { when, count: String(rows.length), names: rows.map((r) => r.name).join(', ') })
      : say(lang, 'allSigned', { when });
    return { text, data: { period, unsigned: rows }, source, rows: rows.length };
  },
});

/** Who is on the punch clock now (issue 47): everyone for admins, a foreman's crew on his jobs, else the asker. */
const clockTool = chatTool({
  name: 'on_the_clock',
  description:
    'Who is clocked in on the punch clock right now (working or on a break), and for how long; optionally on one job. Admins see ' +
    'everyone, a foreman the people on the jobs he runs, anyone else only themselves.',
  input: z.object({ job: nameInput.optional() }),
  allowed: (m) => allows(m, 'punches'),
  async run({ tx, member, language: lang, ties }, input) {
    const t = member.tenantUuid;
    const job = input.job ? findJob(await namesOf(tx, t), input.job) : null;
    if (input.job && !job) return refuse(say(lang, 'noJob', { name: input.job }));
    const all = isAdmin(member);
    const led = [...ties.led];
    if (job && !all && !ties.led.has(job.id)) return refuse(say(lang, 'scheduleNotYours'));
    const rows = await tx
      .select({
        id: employees.id,
        name: employeeName,
        label: jobLabelSql,
        job_id: punchSegments.jobs_id,
        kind: punchSegments.kind,
        minutes: sql<number>`floor(extract(epoch from (now() - ${punchSegments.started_at})) / 60)::int`,
      })
      .from(punchSegments)
      .innerJoin(employees, and(eq(employees.tenant_uuid, punchSegments.tenant_uuid), eq(employees.id, punchSegments.employees_id)))
      .innerJoin(jobs, and(eq(jobs.tenant_uuid, punchSegments.tenant_uuid), eq(jobs.id, punchSegments.jobs_id)))
      .where(
        and(
          eq(punchSegments.tenant_uuid, t),
          sql`${punchSegments.ended_at} is null`,
          job ? eq(punchSegments.jobs_id, job.id) : undefined,
          all
            ? undefined
            : led.length
              ? sql`(${punchSegments.employees_id} = ${member.employeeId} or ${inArray(punchSegments.jobs_id, led)})`
              : eq(punchSegments.employees_id, member.employeeId),
        ),
      )
      .orderBy(asc(jobLabelSql), asc(employeeName))
      .limit(500);
    const since = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`);
    const line = (r: (typeof rows)[number]) =>
      `${r.name} (${r.label}, ${say(lang, r.kind === 'BREAK' ? 'onBreakFor' : 'workingFor', { time: since(Math.max(0, Number(r.minutes))) })})`;
    const source: ChatSource = {
      tool: 'on_the_clock',
      label: say(lang, 'fromClock'),
      link: '/modules/timecards',
      rows: rows.map((r) => ({ label: r.name, value: r.label, link: personLink(r.id) })),
    };
    const text = rows.length
      ? say(lang, 'onClock', { count: String(rows.length), list: rows.map(line).join('; ') })
      : say(lang, job ? 'nobodyOnClockJob' : 'nobodyOnClock', { job: job?.label ?? '' });
    return { text, data: { on_the_clock: rows }, source, rows: rows.length };
  },
});

/** The week holding a day: Monday to Sunday (the tools' default period). */
export const weekOf = (day: string) => ({ from: mondayOf(day), to: addDays(mondayOf(day), 6) });

export const TIME_TOOLS = [scheduleTool, boardTool, crewTool, hoursTool, unsignedTool, clockTool];
