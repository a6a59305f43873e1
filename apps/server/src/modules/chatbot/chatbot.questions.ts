import { addDays } from '@groundwork/core/pay-periods';
import { weekStart } from '@groundwork/core/scheduling';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { seedDemoCompany } from '../../db/demo-seed.js';
import { withTenant } from '../../db/with-tenant.js';
import { createSession } from '../../testing/factories.js';
import type { TestApp } from '../../testing/test-app.js';

/**
 * The chatbot's question sets (issue 48): questions written the way superintendents, foremen, the office and the
 * crews type them on a phone, asked of the demo company (seeded as of TODAY) through askChatbot. Each item names
 * the facts its answer must contain, computed here from the seeded rows (names, numbers, places), never written
 * into the item; a refusal names the protected facts it must not contain. The score is the share of items whose
 * answer has every expected fact (and none of the protected ones).
 */

export const TODAY = '2026-11-24'; // a Tuesday
export const D = {
  today: TODAY,
  yesterday: addDays(TODAY, -1),
  tomorrow: addDays(TODAY, 1),
  dayAfter: addDays(TODAY, 2),
  weekFrom: weekStart(TODAY),
  weekTo: addDays(weekStart(TODAY), 6),
  lastFrom: addDays(weekStart(TODAY), -7),
  lastTo: addDays(weekStart(TODAY), -1),
  nextFrom: addDays(weekStart(TODAY), 7),
  nextTo: addDays(weekStart(TODAY), 13),
  monthFrom: `${TODAY.slice(0, 7)}-01`,
  /** The coming days of this week and the next Monday (questions about the schedule look ahead). */
  thursday: addDays(weekStart(TODAY), 3),
  saturday: addDays(weekStart(TODAY), 5),
  sunday: addDays(weekStart(TODAY), 6),
  nextMonday: addDays(weekStart(TODAY), 7),
  /** Questions about what happened look back: last Friday. */
  lastFriday: addDays(weekStart(TODAY), -3),
} as const;

type Area =
  | 'jobs'
  | 'people'
  | 'schedule'
  | 'hours'
  | 'tools'
  | 'receipts'
  | 'orders'
  | 'reports'
  | 'tasks'
  | 'announcements'
  | 'notifications'
  | 'follow-ups'
  | 'permissions'
  | 'help';
type Who = 'maria' | 'dana' | 'emily' | 'luis' | 'tom' | 'ben' | 'aisha' | 'carlos';
/** One item: who asks, in which app language, one question (or a question and its follow-up), what the answer must say. */
export type Item = {
  area: Area;
  who: Who;
  lang?: 'en' | 'es';
  /** Spelled with typos or a lowercase job code on purpose (reported as its own line). */
  typo?: boolean;
  ask: string | string[];
  /** Each entry must appear in the answer; an array entry: any one of them. */
  want?: (f: Facts) => (string | string[])[];
  /** None may appear in the answer (a refusal's protected facts). */
  not?: (f: Facts) => string[];
  /** The answer asks back with at least two readings (buttons). */
  choices?: boolean;
};

type PersonFacts = { id: number; name: string; phone: string; email: string; trade: string };
type JobFacts = {
  id: number;
  label: string;
  job: string;
  abbr: string | null;
  place: string;
  status: number;
  foremen: string[];
  pms: string[];
  budget: string;
  actual: string;
};

const hoursText = (h: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(h);
const moneyText = (cents: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);

type Facts = Awaited<ReturnType<typeof loadFacts>>;

async function loadFacts(t: TestApp, tenant: string) {
  const rows = <T>(query: ReturnType<typeof sql>) =>
    withTenant(t.database.db, tenant, async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);
  const peopleRows = await rows<{ id: number; first: string; name: string; phone: string; email: string; trades: string }>(
    sql`select id, firstname as first, concat_ws(' ', firstname, lastname) as name, cellphone as phone, email, trades
      from employees where tenant_uuid = ${tenant} and status = 1`,
  );
  const person = Object.fromEntries(
    peopleRows.map((p) => [
      p.first.toLowerCase(),
      { id: p.id, name: p.name, phone: p.phone, email: p.email, trade: (JSON.parse(p.trades ?? '[]') as string[])[0] ?? '' },
    ]),
  ) as Record<string, PersonFacts>;
  const nameOf = new Map(peopleRows.map((p) => [Number(p.id), p.name]));
  const jobRows = await rows<{
    id: number;
    job: string;
    abbr: string | null;
    city: string;
    state: string;
    status: number;
    budget: number;
    booked: number;
  }>(
    sql`select id, job, job_abbr as abbr, city, state, status, budget_hours as budget, booked_minutes as booked from jobs where tenant_uuid = ${tenant}`,
  );
  const leads = await rows<{ jobs_id: number; employees_id: number; kind: string }>(
    sql`select jobs_id, employees_id, 'f' as kind from jobs_foremen where tenant_uuid = ${tenant}
      union all select jobs_id, employees_id, 'p' from jobs_pms where tenant_uuid = ${tenant}`,
  );
  const job: Record<string, JobFacts> = {};
  for (const j of jobRows) {
    const key = (j.abbr ?? j.job.split(' ')[0]).toLowerCase();
    const of = (kind: string) =>
      leads.filter((l) => Number(l.jobs_id) === Number(j.id) && l.kind === kind).map((l) => nameOf.get(Number(l.employees_id)) ?? '');
    job[key] = {
      id: Number(j.id),
      label: j.abbr ? `${j.abbr} · ${j.job}` : j.job,
      job: j.job,
      abbr: j.abbr,
      place: `${j.city}, ${j.state}`,
      status: Number(j.status),
      foremen: of('f'),
      pms: of('p'),
      budget: hoursText(Number(j.budget)),
      actual: hoursText(Number(j.booked) / 60),
    };
  }
  const active = jobRows.filter((j) => Number(j.status) === 1).map((j) => j.abbr ?? j.job);
  const overBudget = jobRows
    .filter((j) => Number(j.status) === 1 && Number(j.budget) > 0 && Number(j.booked) / 60 > Number(j.budget))
    .map((j) => j.abbr ?? j.job);

  const schedule = await rows<{ date: string; jobs_id: number | null; employees_id: number; event_type: string }>(
    sql`select date::text as date, jobs_id, employees_id, event_type from scheduled_labor where tenant_uuid = ${tenant}`,
  );
  const entries = await rows<{ employees_id: number; jobs_id: number; date: string; hours: number; costcode: string }>(
    sql`select t.employees_id, t.jobs_id, t.timecard_date::text as date, t.hours, c.costcode from timecard_entries t
      join costcodes c on c.tenant_uuid = t.tenant_uuid and c.id = t.costcodes_id where t.tenant_uuid = ${tenant}`,
  );
  const ledBy = (p: PersonFacts) => new Set(leads.filter((l) => Number(l.employees_id) === p.id).map((l) => Number(l.jobs_id)));
  const cards = await rows<{ employees_id: number; start: string; signed: boolean; entries: number }>(
    sql`select employees_id, payperiod_start_date::text as start, signed_on is not null as signed, entries from users_timecard where tenant_uuid = ${tenant}`,
  );
  const lastPeriodStart = cards.map((c) => c.start).sort()[0];

  const toolRows = await rows<{ number: string; name: string; make: string; container: string; status: number }>(
    sql`select t.tool_number as number, t.name, t.make, c.container_name as container, t.status from tools t
      join containers c on c.tenant_uuid = t.tenant_uuid and c.id = t.container_id where t.tenant_uuid = ${tenant} order by t.tool_number`,
  );
  const activeTools = toolRows.filter((r) => Number(r.status) === 1);
  const overdue = await rows<{ name: string; who: string | null }>(
    sql`select t.name, concat_ws(' ', e.firstname, e.lastname) as who from reservations r join tools t on t.tenant_uuid = r.tenant_uuid and t.id = r.tools_id
      left join employees e on e.tenant_uuid = r.tenant_uuid and e.id = r.employees_id
      where r.tenant_uuid = ${tenant} and r.status = 1 and not r.is_completed and r.end_date < ${TODAY}`,
  );
  const receiptRows = await rows<{ employees_id: number; jobs_id: number | null; vendor: string; amount: number; date: string }>(
    sql`select employees_id, jobs_id, vendor, amount_cents as amount, receipt_date::text as date from receipts where tenant_uuid = ${tenant} and status = 1
      order by receipt_date desc, id desc`,
  );
  const orderRows = await rows<{
    po: number;
    vendor: string;
    jobs_id: number;
    employees_id: number;
    total: number;
    sent: boolean;
    date: string;
  }>(
    sql`select o.po_number as po, v.name as vendor, o.jobs_id, o.employees_id, o.total_cents as total, o.sent_on is not null as sent, o.order_date::text as date
      from orders o join vendors v on v.tenant_uuid = o.tenant_uuid and v.id = o.vendor_id
      where o.tenant_uuid = ${tenant} and o.status = 1 order by o.order_date desc, o.id desc`,
  );
  const vendorRows = await rows<{ name: string; contact: string; phone: string; emails: string }>(
    sql`select name, contact_name as contact, phone, emails from vendors where tenant_uuid = ${tenant} and status = 1 order by name`,
  );
  const reportRows = await rows<{
    jobs_id: number;
    date: string;
    sent: boolean;
    writer: number;
    manpower: { name: string; hours: number }[];
  }>(
    sql`select jobs_id, for_date::text as date, sent_on is not null as sent, employees_id as writer, manpower from jobs_notes where tenant_uuid = ${tenant} and status = 1`,
  );
  const taskRows = await rows<{
    id: number;
    title: string;
    jobs_id: number | null;
    due: string | null;
    status: string;
    assignees: number[];
  }>(
    sql`select t.id, t.title, t.jobs_id, t.due_date::text as due, t.status,
      coalesce((select array_agg(a.employees_id) from task_assignees a where a.tenant_uuid = t.tenant_uuid and a.tasks_id = t.id), '{}') as assignees
      from tasks t where t.tenant_uuid = ${tenant} and t.parent_task is null`,
  );
  const announcementRows = await rows<{ title: string; start: string; audience: string; audience_ids: number[] }>(
    sql`select title, start_date::text as start, audience, audience_ids from announcements where tenant_uuid = ${tenant} and status = 1 and on_app
      and start_date <= ${TODAY} and exp_date >= ${TODAY} order by start_date desc, id desc`,
  );
  const departments = await rows<{ departments_id: number; employees_id: number }>(
    sql`select departments_id, employees_id from department_members where tenant_uuid = ${tenant}`,
  );
  const unread = await rows<{ employees_id: number; n: number }>(
    sql`select employees_id, count(*)::int as n from notifications where tenant_uuid = ${tenant} and read_at is null group by employees_id`,
  );

  const open = (x: { status: string }) => x.status !== 'done';
  return {
    person,
    job,
    active,
    overBudget,
    activePeople: peopleRows.length,
    /** The names scheduled to work on a job on a day. */
    on: (key: string, date: string) =>
      schedule.filter((s) => s.date === date && Number(s.jobs_id) === job[key].id).map((s) => nameOf.get(Number(s.employees_id)) ?? ''),
    /** Where a person is scheduled on a day: job labels, or the event (Vacation). */
    where: (first: string, date: string) =>
      schedule
        .filter((s) => s.date === date && Number(s.employees_id) === person[first].id)
        .map((s) => (s.jobs_id ? (Object.values(job).find((j) => j.id === Number(s.jobs_id))?.abbr ?? '') : s.event_type)),
    /** The jobs a person is scheduled on in a range (abbreviations). */
    jobsOf: (first: string, from: string, to: string) => [
      ...new Set(
        schedule
          .filter((s) => s.date >= from && s.date <= to && Number(s.employees_id) === person[first].id && s.jobs_id)
          .map((s) => Object.values(job).find((j) => j.id === Number(s.jobs_id))?.abbr ?? ''),
      ),
    ],
    /** A foreman's crew this week: the others scheduled on the jobs they run. */
    crewOf: (first: string) => {
      const led = ledBy(person[first]);
      return [
        ...new Set(
          schedule
            .filter((s) => s.date >= D.weekFrom && s.date <= D.weekTo && s.jobs_id && led.has(Number(s.jobs_id)))
            .map((s) => Number(s.employees_id))
            .filter((id) => id !== person[first].id),
        ),
      ].map((id) => nameOf.get(id) ?? '');
    },
    /** Hours from time cards, formatted as the app shows them. */
    hours: (o: { who?: string; job?: string; from: string; to: string; code?: string; crewOf?: string }) => {
      const led = o.crewOf ? ledBy(person[o.crewOf]) : null;
      return hoursText(
        entries
          .filter(
            (e) =>
              e.date >= o.from &&
              e.date <= o.to &&
              (!o.who || Number(e.employees_id) === person[o.who].id) &&
              (!o.job || Number(e.jobs_id) === job[o.job].id) &&
              (!o.code || e.costcode === o.code) &&
              (!led || led.has(Number(e.jobs_id))),
          )
          .reduce((s, e) => s + Number(e.hours), 0),
      );
    },
    /** Everyone with an unsigned card of the last finished period (it holds time). */
    unsigned: () =>
      cards
        .filter((c) => c.start === lastPeriodStart && !c.signed && Number(c.entries) > 0)
        .map((c) => nameOf.get(Number(c.employees_id)) ?? ''),
    tool: (name: string) => activeTools.find((r) => r.name === name) as { number: string; name: string; container: string },
    toolNumbered: (n: string) => activeTools.find((r) => r.number === n) as { number: string; name: string; container: string },
    toolsIn: (container: string) => activeTools.filter((r) => r.container === container).map((r) => r.name),
    firstTool: (word: string) =>
      activeTools.find((r) => `${r.name} ${r.make}`.toLowerCase().includes(word)) as { number: string; name: string; container: string },
    overdue,
    receipts: (o: { who?: string; job?: string; from?: string; to?: string; vendor?: string }) =>
      receiptRows.filter(
        (r) =>
          (!o.who || Number(r.employees_id) === person[o.who].id) &&
          (!o.job || Number(r.jobs_id) === job[o.job].id) &&
          (!o.from || r.date >= o.from) &&
          (!o.to || r.date <= o.to) &&
          (!o.vendor || r.vendor === o.vendor),
      ),
    money: moneyText,
    sum: (list: { amount: number }[]) => moneyText(list.reduce((s, r) => s + Number(r.amount), 0)),
    orders: (o: { who?: string; job?: string; unsent?: boolean } = {}) =>
      orderRows.filter(
        (r) =>
          (!o.who || Number(r.employees_id) === person[o.who].id) &&
          (!o.job || Number(r.jobs_id) === job[o.job].id) &&
          (!o.unsent || !r.sent),
      ),
    vendors: vendorRows,
    report: (key: string, date: string) => {
      const r = reportRows.find((x) => Number(x.jobs_id) === job[key].id && x.date === date);
      return r
        ? {
            sent: r.sent,
            writer: nameOf.get(Number(r.writer)) ?? '',
            names: r.manpower.map((m) => m.name),
            hours: hoursText(r.manpower.reduce((s, m) => s + Number(m.hours), 0)),
          }
        : null;
    },
    reports: (key: string, from: string, to: string) =>
      reportRows.filter((x) => Number(x.jobs_id) === job[key].id && x.date >= from && x.date <= to),
    tasksOf: (first: string) => taskRows.filter((x) => open(x) && x.assignees.map(Number).includes(person[first].id)).map((x) => x.title),
    tasksOn: (key: string, overdueOnly = false) =>
      taskRows
        .filter((x) => open(x) && Number(x.jobs_id) === job[key].id && (!overdueOnly || (x.due !== null && x.due < TODAY)))
        .map((x) => x.title),
    announcementsFor: (first: string) => {
      const mine = new Set(departments.filter((d) => Number(d.employees_id) === person[first].id).map((d) => Number(d.departments_id)));
      return announcementRows
        .filter((a) => a.audience === 'everyone' || (a.audience === 'departments' && a.audience_ids.some((id) => mine.has(Number(id)))))
        .map((a) => a.title);
    },
    unread: (first: string) => String(unread.find((u) => Number(u.employees_id) === person[first].id)?.n ?? 0),
  };
}

export type QuestionSet = {
  facts: () => Facts;
  /** Asks every item and returns the misses (printing the score per area); `label` names the set in the output. */
  run(items: Item[], label: string): Promise<{ score: number; misses: string[] }>;
};

/** The demo company as of TODAY, its people signed in, and the set's runner. Call at the top of a test file. */
export function questionSet(t: TestApp, setup: { tenant?: string }): QuestionSet {
  let facts: Facts;
  const tokens = new Map<Who, string>();
  let tenant = '';
  const ASK = `mutation($t: ID!, $q: String!, $l: String, $d: String) { askChatbot(tenant_uuid: $t, question: $q, language: $l, today: $d) {
    answer { body choices { label question } } } }`;
  const normal = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[’‘]/g, "'")
      .toLowerCase();
  return {
    facts: () => facts,
    async run(items, label) {
      if (!tenant) {
        tenant = setup.tenant as string;
        facts = await loadFacts(t, tenant);
        const ids = await withTenant(t.database.db, tenant, async (tx) => {
          const res = (await tx.execute(sql`select firstname, cognito_uuid from employees where tenant_uuid = ${tenant}`)) as unknown as {
            rows: { firstname: string; cognito_uuid: string }[];
          };
          return res.rows;
        });
        for (const who of ['maria', 'dana', 'emily', 'luis', 'tom', 'ben', 'aisha', 'carlos'] as Who[]) {
          const row = ids.find((r) => r.firstname.toLowerCase() === who);
          tokens.set(who, await createSession(t.database.db, row?.cognito_uuid as string, tenant));
        }
      }
      const byArea = new Map<string, [number, number]>();
      const count = (key: string, ok: boolean) => {
        const [a, b] = byArea.get(key) ?? [0, 0];
        byArea.set(key, [a + (ok ? 1 : 0), b + 1]);
      };
      const misses: string[] = [];
      let passed = 0;
      for (const item of items) {
        // The rate limit counts a person's questions: each item starts with an empty conversation.
        await withTenant(t.database.db, tenant, (tx) => tx.execute(sql`delete from chat_messages where tenant_uuid = ${tenant}`));
        const turns = Array.isArray(item.ask) ? item.ask : [item.ask];
        let body = '';
        let choices: { label: string; question: string }[] = [];
        let error = '';
        for (const q of turns) {
          const res = await t.gql(ASK, { t: tenant, q, l: item.lang ?? 'en', d: TODAY }, tokens.get(item.who));
          if (res.errors) error = JSON.stringify(res.errors);
          body = res.data?.askChatbot.answer.body ?? '';
          choices = res.data?.askChatbot.answer.choices ?? [];
        }
        const want = item.want?.(facts) ?? [];
        const not = item.not?.(facts) ?? [];
        const has = (s: string) => normal(body).includes(normal(s));
        const missing = want.filter((w) => (Array.isArray(w) ? !w.some(has) : !has(w)));
        const leaked = not.filter(has);
        const ok = !error && missing.length === 0 && leaked.length === 0 && (!item.choices || choices.length >= 2);
        if (ok) passed++;
        else
          misses.push(
            `[${item.area}] ${item.who}: ${turns.join(' → ')}\n    got: ${error || body}${choices.length ? ` {${choices.map((c) => c.label).join(' | ')}}` : ''}` +
              (missing.length ? `\n    missing: ${JSON.stringify(missing)}` : '') +
              (leaked.length ? `\n    leaked: ${JSON.stringify(leaked)}` : '') +
              (item.choices && choices.length < 2 ? '\n    missing: ask-back choices' : ''),
          );
        count(item.area, ok);
        count(item.lang === 'es' ? 'lang: Spanish' : 'lang: English', ok);
        if (item.typo) count('typos and lowercase codes', ok);
      }
      const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
      const lines = [...byArea.entries()].map(
        ([k, [a, b]]) => `  ${k.padEnd(28)} ${String(a).padStart(3)}/${String(b).padEnd(3)} ${pct(a, b)}`,
      );
      console.log(
        `${label}: ${passed}/${items.length} = ${pct(passed, items.length)}\n${lines.join('\n')}` +
          (misses.length && process.env.CHATBOT_MISSES ? `\nmisses:\n${misses.join('\n')}` : ''),
      );
      return { score: passed / items.length, misses };
    },
  };
}

/** Seeds the demo company as of TODAY into the test database (useTestApp's setup, before the app is built). */
export async function seedQuestionCompany(database: TestApp['database']): Promise<string> {
  const tenant = await seedDemoCompany(database.db, { today: TODAY });
  expect(tenant).toBeTruthy();
  return tenant as string;
}
