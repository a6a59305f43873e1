import { randomUUID } from 'node:crypto';
import { type PayPeriodType, payPeriodFor } from '@groundwork/core/pay-periods';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCompany } from '../db/demo-seed.js';
import { withTenant } from '../db/with-tenant.js';
import { employees } from '../modules/employees/employees.table.js';
import { createSession } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';
import { DEVICE_MUTATION_HEADER, OTHER_CONTENT } from './device-mutations.js';

// Issue 24: each field action a phone queues (lib/outbox on the web) is applied once under the id the phone gave it —
// a resend returns the first answer and writes nothing, the same id with other content is refused — whatever the
// operation. Run as a crew member of the demo company (Ben Miller), with what the office lends him for the journey.
let tenant: string;
const t = useTestApp({
  setup: async (database) => {
    tenant = (await seedDemoCompany(database.db)) as string;
  },
});

let ben: { token: string; employeeId: number };
let office: string;

type Answer = { data?: Record<string, any>; errors?: { message: string; extensions?: Record<string, unknown> }[] };
async function send(token: string, query: string, variables: Record<string, unknown>, id?: string): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(id ? { [DEVICE_MUTATION_HEADER]: id } : {}),
    },
    payload: { query, variables: { t: tenant, ...variables } },
  });
  return res.json();
}
async function ok(token: string, query: string, variables: Record<string, unknown> = {}) {
  const answer = await send(token, query, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data as Record<string, any>;
}

async function person(firstname: string) {
  const [row] = await withTenant(t.database.db, tenant, (tx) =>
    tx
      .select({ id: employees.id, identity: employees.cognito_uuid })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.firstname, firstname))),
  );
  return { employeeId: row.id, token: await createSession(t.database.db, row.identity as string, tenant) };
}

beforeAll(async () => {
  ben = await person('Ben');
  office = (await person('Maria')).token;
});

/** A field action: the operation, its variables, and what the server holds of it (one entry per application). */
type FieldAction = {
  name: string;
  query: string;
  variables: () => Promise<Record<string, unknown>>;
  /** The same action with other content. */
  other: (v: Record<string, unknown>) => Record<string, unknown>;
  held: (v: Record<string, unknown>) => Promise<number>;
};

const today = async () =>
  (await ok(ben.token, 'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { settings { today } } }')).getTimecardInfo.settings
    .today as string;
const mark = () => `device ${randomUUID().slice(0, 8)}`;

const ACTIONS: FieldAction[] = [
  {
    name: 'a day of time (createOrUpdateTimecardDayEntry)',
    query: `mutation($t: ID!, $e: Int!, $s: String!, $end: String!, $d: String!, $l: [TimecardDayEntryInput!]!) {
      createOrUpdateTimecardDayEntry(tenant_uuid: $t, employees_id: $e, payperiod_start_date: $s, payperiod_end_date: $end,
        timecard_date: $d, timecard_entries: $l) { users_timecard_entries { id hours } } }`,
    variables: async () => {
      const info = (await ok(
        ben.token,
        'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { settings { today pay_period_type pay_period_anchor } } listTimecardJobs(tenant_uuid: $t) { id } }',
      )) as {
        getTimecardInfo: { settings: { today: string; pay_period_type: number; pay_period_anchor: string } };
        listTimecardJobs: { id: number }[];
      };
      const s = info.getTimecardInfo.settings;
      const period = payPeriodFor(s.today, s.pay_period_type as PayPeriodType, s.pay_period_anchor);
      const job = info.listTimecardJobs[0].id;
      const codes = await ok(
        ben.token,
        'query($t: ID!, $j: [Int!]!) { listFilteredCostcodes(tenant_uuid: $t, jobs_id: $j) { budget_costcodes { costcodes_id } } }',
        {
          j: [job],
        },
      );
      const code = codes.listFilteredCostcodes.budget_costcodes[0].costcodes_id;
      return {
        e: ben.employeeId,
        s: period.start,
        end: period.end,
        d: s.today,
        l: [{ jobs_id: job, costcodes_id: code, hours: 1.25, note: mark() }],
      };
    },
    other: (v) => ({ ...v, l: [{ ...(v.l as object[])[0], hours: 2 }] }),
    held: async (v) => {
      const card = await ok(ben.token, 'query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { users_timecard_entries { note } } }');
      return card.getTimecardInfo.users_timecard_entries.filter((e: { note: string }) => e.note === (v.l as { note: string }[])[0].note)
        .length;
    },
  },
  {
    name: 'a receipt (saveReceipt)',
    query: 'mutation($t: ID!, $r: ReceiptSaveInput!) { saveReceipt(tenant_uuid: $t, receipt: $r) { id vendor } }',
    variables: async () => {
      const jobs = await ok(ben.token, 'query($t: ID!) { listTimecardJobs(tenant_uuid: $t) { id } }');
      return {
        r: { jobs_id: jobs.listTimecardJobs[0].id, amount_cents: 4217, receipt_date: await today(), vendor: mark(), file_uuids: [] },
      };
    },
    other: (v) => ({ r: { ...(v.r as object), amount_cents: 999 } }),
    held: async (v) => {
      const found = await ok(ben.token, 'query($t: ID!) { searchReceipts(tenant_uuid: $t, limit: 200) { items { vendor } } }');
      return found.searchReceipts.items.filter((r: { vendor: string }) => r.vendor === (v.r as { vendor: string }).vendor).length;
    },
  },
  {
    name: 'a tool moved into the worker’s truck (moveTools)',
    query:
      'mutation($t: ID!, $ids: [Int!]!, $c: Int!, $n: String) { moveTools(tenant_uuid: $t, ids: $ids, container_id: $c, note: $n) { id } }',
    variables: async () => {
      const boxes = await ok(office, 'query($t: ID!) { toolContainers(tenant_uuid: $t) { id container_name } }');
      const truck = boxes.toolContainers.find((c: { container_name: string }) => c.container_name === 'Truck 3');
      const hq = boxes.toolContainers.find((c: { container_name: string }) => c.container_name === 'HQ Shop');
      await ok(office, 'mutation($t: ID!, $d: [ContainersUpdateInput!]!) { updateContainers(tenant_uuid: $t, data: $d) { id } }', {
        d: [{ id: truck.id, employees_id: ben.employeeId }],
      });
      const tools = await ok(
        office,
        'query($t: ID!, $c: Int) { searchTools(tenant_uuid: $t, container_id: $c, limit: 1) { items { id } } }',
        { c: hq.id },
      );
      return { ids: [tools.searchTools.items[0].id], c: truck.id, n: mark() };
    },
    other: (v) => ({ ...v, n: 'other note' }),
    held: async (v) => {
      const log = await ok(
        ben.token,
        'query($t: ID!, $id: Int) { toolLog(tenant_uuid: $t, tools_id: $id, limit: 200) { items { note } } }',
        {
          id: (v.ids as number[])[0],
        },
      );
      return log.toolLog.items.filter((l: { note: string }) => l.note === v.n).length;
    },
  },
  {
    name: 'a daily report (saveDailyReport)',
    query: 'mutation($t: ID!, $r: DailyReportInput!) { saveDailyReport(tenant_uuid: $t, report: $r) { report { id } } }',
    variables: async () => {
      await ok(
        office,
        'mutation($t: ID!, $u: [Int!]!) { createUserGroup(tenant_uuid: $t, usergroup_name: "Device id reports", access: ["project_notes_admin"], users: $u) { id } }',
        { u: [ben.employeeId] },
      );
      const jobs = await ok(ben.token, 'query($t: ID!) { listTimecardJobs(tenant_uuid: $t) { id } }');
      return { r: { jobs_id: jobs.listTimecardJobs.at(-1).id, for_date: await today(), work_performed: mark() } };
    },
    other: (v) => ({ r: { ...(v.r as object), work_performed: 'other words' } }),
    held: async (v) => {
      const day = (v.r as { for_date: string }).for_date;
      const found = await ok(
        ben.token,
        'query($t: ID!, $f: String, $to: String) { searchDailyReports(tenant_uuid: $t, from: $f, to: $to, limit: 200) { items { work_performed } } }',
        { f: day, to: day },
      );
      return found.searchDailyReports.items.filter(
        (r: { work_performed: string }) => r.work_performed === (v.r as { work_performed: string }).work_performed,
      ).length;
    },
  },
  {
    name: 'a comment on a task (customUpdateTask)',
    query: `mutation($t: ID!, $id: Int!, $u: Int!, $b: String, $th: ID!) { customUpdateTask(tenant_uuid: $t, task_id: $id, task_action_id: 2,
      user_id: $u, body: $b, task_thread_uuid: $th) { task { id } } }`,
    variables: async () => {
      const made = await ok(
        office,
        'mutation($t: ID!, $u: Int!, $task: TaskCreateInput!) { customCreateTask(tenant_uuid: $t, user_id: $u, task: $task) { tasks { id task_thread_uuid } } }',
        { u: (await person('Maria')).employeeId, task: { title: 'Device id task', assignees: [ben.employeeId] } },
      );
      const task = made.customCreateTask.tasks[0];
      return { id: task.id, u: ben.employeeId, b: mark(), th: task.task_thread_uuid };
    },
    other: (v) => ({ ...v, b: 'other words' }),
    held: async (v) => {
      const threads = await ok(
        ben.token,
        'query($t: ID!, $ids: [Int!]) { listTaskThreads(tenant_uuid: $t, tasks_ids: $ids) { entries { body } } }',
        {
          ids: [v.id],
        },
      );
      return threads.listTaskThreads
        .flatMap((th: { entries: { body: string }[] }) => th.entries)
        .filter((e: { body: string }) => e.body === v.b).length;
    },
  },
  {
    name: 'a schedule answer (respondToSchedule)',
    query:
      'mutation($t: ID!, $id: Int!, $s: ScheduleAnswer!, $r: String) { respondToSchedule(tenant_uuid: $t, id: $id, status: $s, reason: $r) { id confirmation_status } }',
    variables: async () => {
      const day = await today();
      const jobs = await ok(office, 'query($t: ID!) { listJobs(tenant_uuid: $t, limit: 1) { items { id } } }');
      const date = new Date(Date.parse(`${day}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
      const added = await ok(
        office,
        'mutation($t: ID!, $add: [ScheduleEntryInput!]) { updateSchedule(tenant_uuid: $t, add: $add, allow_double_booking: true) { added { id } } }',
        { add: [{ jobs_id: jobs.listJobs.items[0].id, employees_id: ben.employeeId, date }] },
      );
      return { id: added.updateSchedule.added[0].id, s: 'declined', r: mark() };
    },
    other: (v) => ({ ...v, s: 'confirmed' }),
    held: async (v) => {
      const day = await today();
      const mine = await ok(
        ben.token,
        'query($t: ID!, $f: String!, $to: String) { getMySchedule(tenant_uuid: $t, from: $f, to: $to) { id confirmation_reason } }',
        {
          f: day,
          to: new Date(Date.parse(`${day}T00:00:00Z`) + 40 * 86_400_000).toISOString().slice(0, 10),
        },
      );
      return mine.getMySchedule.filter((d: { id: number; confirmation_reason: string }) => d.id === v.id && d.confirmation_reason === v.r)
        .length;
    },
  },
  {
    name: 'the mood check-in (answerMood)',
    query:
      'mutation($t: ID!, $m: Int!, $h: Boolean, $d: String) { answerMood(tenant_uuid: $t, mood: $m, hurt: $h, today: $d) { mood mood_date } }',
    variables: async () => ({ m: 4, h: false, d: await today() }),
    other: (v) => ({ ...v, m: 1 }),
    held: async (v) => {
      const mood = await ok(ben.token, 'query($t: ID!, $d: String) { myMoodToday(tenant_uuid: $t, today: $d) { mood } }', { d: v.d });
      return mood.myMoodToday?.mood === v.m ? 1 : 0;
    },
  },
];

describe('every field action a phone queues', () => {
  it.each(ACTIONS.map((a) => [a.name, a] as const))(
    '%s is applied once under its device id; other content under it is refused',
    async (_name, action) => {
      const variables = await action.variables();
      const id = randomUUID();
      const first = await send(ben.token, action.query, variables, id);
      expect(first.errors).toBeUndefined();
      // The signal dropped before the answer came: the phone sends it again, as often as it takes.
      expect(await send(ben.token, action.query, variables, id)).toEqual(first);
      expect(await send(ben.token, action.query, variables, id)).toEqual(first);
      expect(await action.held(variables)).toBe(1);
      const other = await send(ben.token, action.query, action.other(variables), id);
      expect(other.errors?.[0]).toMatchObject({ message: OTHER_CONTENT, extensions: { code: 'CONFLICT', reason: 'DEVICE_ID_REUSED' } });
      expect(await action.held(variables)).toBe(1);
    },
  );
});
