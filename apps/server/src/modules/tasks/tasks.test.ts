import { randomUUID } from 'node:crypto';
import { MODULES } from '@groundwork/core/permissions';
import { TASK_ACTION, TASK_MESSAGES } from '@groundwork/core/tasks';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { loadMember } from '../../graphql/gate.js';
import { createFileRecord, createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { errorCode as code, okData as ok, useTestApp } from '../../testing/test-app.js';
import { useTempDir } from '../../testing/uploads.js';
import { fileSourceReader } from '../files/files.service.js';
import { jobs, jobsForemen, jobsPms } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { takeTaskNotices } from './tasks.notify.js';

const filesDir = useTempDir('gw-tasks-');
const t = useTestApp({ config: { filesDir } });

const TASK = `id uuid created_on parent_task title body task_thread_uuid rel_table rel_id jobs_id job_label status status_by
  status_by_name status_on priority due_date templates_id created_by created_by_name checklist_total checklist_done overdue can_manage
  assignees { employees_id name } files { uuid original_name thumbnail_base64 }`;
const THREAD =
  'task_thread_uuid tasks_id entries { id task_action_id action body employees_id user_name created_on status assignees file_uuids }';
const CREATE = `mutation($t: ID!, $u: Int!, $n: String, $p: Int, $task: TaskCreateInput!) {
  customCreateTask(tenant_uuid: $t, user_id: $u, user_name: $n, parent_task: $p, task: $task) { tasks { ${TASK} } threads { ${THREAD} } } }`;
const UPDATE = `mutation($t: ID!, $id: Int!, $a: Int!, $u: Int!, $n: String, $b: String, $th: ID!, $s: String, $as: [Int!], $f: [ID!], $due: String) {
  customUpdateTask(tenant_uuid: $t, task_id: $id, task_action_id: $a, user_id: $u, user_name: $n, body: $b, task_thread_uuid: $th,
    status: $s, assignees: $as, file_uuids: $f, due_date: $due) { task { ${TASK} } thread { ${THREAD} } } }`;
const LIST = `query($t: ID!, $f: TaskFilter, $l: Int, $n: String) { listTasks(tenant_uuid: $t, filter: $f, limit: $l, nextToken: $n) { items { ${TASK} } nextToken } }`;
const THREADS = `query($t: ID!, $th: ID, $ids: [Int!]) { listTaskThreads(tenant_uuid: $t, task_thread_uuid: $th, tasks_ids: $ids) { ${THREAD} } }`;
const ACTIONS = 'query($t: ID!) { listTaskActions(tenant_uuid: $t) { id action } }';
const SAVE_TPL = `mutation($t: ID!, $x: ChecklistTemplateInput!) { saveChecklistTemplate(tenant_uuid: $t, template: $x) { id name items { title } } }`;
const APPLY = `mutation($t: ID!, $tpl: Int!, $j: Int!, $c: Boolean, $as: [Int!]) {
  applyChecklistTemplate(tenant_uuid: $t, templates_id: $tpl, jobs_id: $j, confirm: $c, assignees: $as) { tasks { ${TASK} } threads { ${THREAD} } } }`;
const SETUP = 'query($t: ID!) { getSetupChecklist(tenant_uuid: $t) { key done } }';

type Task = {
  id: number;
  uuid: string;
  title: string;
  status: string;
  task_thread_uuid: string;
  jobs_id: number | null;
  parent_task: number | null;
  rel_table: string | null;
  overdue: boolean;
  can_manage: boolean;
  checklist_total: number;
  checklist_done: number;
  status_by: number | null;
  status_by_name: string | null;
  status_on: string | null;
  assignees: { employees_id: number; name: string | null }[];
  files: { uuid: string }[];
};
type Entry = {
  id: number;
  task_action_id: number;
  action: string;
  body: string | null;
  employees_id: number;
  user_name: string;
  created_on: string;
  status: string | null;
  assignees: number[];
  file_uuids: string[];
};
type Thread = { task_thread_uuid: string; tasks_id: number; entries: Entry[] };

let tenant: string;
let admin: TestMember;
let foreman: TestMember;
let pm: TestMember;
let worker: TestMember;
let outsider: TestMember;
let stranger: TestMember;
let tower: number;
let yard: number;

const create = (who: TestMember, task: Record<string, unknown>, parent?: number) =>
  t.gql(CREATE, { t: who.tenantUuid, u: who.employeeId, n: 'Ignored Name', p: parent ?? null, task }, who.token);
const created = async (who: TestMember, task: Record<string, unknown>, parent?: number) =>
  ok(await create(who, task, parent)).customCreateTask as { tasks: Task[]; threads: Thread[] };
const update = (who: TestMember, task: Task, action: number, extra: Record<string, unknown> = {}) =>
  t.gql(UPDATE, { t: who.tenantUuid, id: task.id, a: action, u: who.employeeId, n: 'x', th: task.task_thread_uuid, ...extra }, who.token);
const updated = async (who: TestMember, task: Task, action: number, extra: Record<string, unknown> = {}) =>
  ok(await update(who, task, action, extra)).customUpdateTask as { task: Task; thread: Thread };
const list = async (who: TestMember, f: Record<string, unknown> = {}, l?: number, n?: string) =>
  ok(await t.gql(LIST, { t: who.tenantUuid, f, l, n }, who.token)).listTasks as { items: Task[]; nextToken: string | null };

const addFile = (who: TestMember) => createFileRecord(t.database.db, who, 'crack.jpg');

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db);
  admin = await createMember(db, tenant, { isAdmin: true, firstname: 'Olga' });
  foreman = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Frank' });
  pm = await createMember(db, tenant, { permissions: ['basic_access', 'projects_basic'], firstname: 'Pam' });
  worker = await createMember(db, tenant, { permissions: ['basic_access'], firstname: 'Wes' });
  outsider = await createMember(db, tenant, { permissions: ['basic_access', 'projects_admin'], firstname: 'Otto' });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  [tower, yard] = await withTenant(db, tenant, async (tx) => {
    const js = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Harbor Tower', job_abbr: 'HT' },
        { tenant_uuid: tenant, job: 'Elm Yard' },
      ])
      .returning({ id: jobs.id });
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: js[0].id, employees_id: foreman.employeeId });
    await tx.insert(jobsPms).values({ tenant_uuid: tenant, jobs_id: js[0].id, employees_id: pm.employeeId });
    return js.map((j) => j.id);
  });
});

describe('customCreateTask (spec §7: user_id, user_name, parent_task -> tasks, threads)', () => {
  it("creates a task on the foreman's job with assignees and a checklist; returns the tasks and their threads", async () => {
    takeTaskNotices();
    const res = await created(foreman, {
      title: 'Pour slab level 3',
      body: 'Check rebar spacing first',
      rel_table: 'jobs',
      rel_id: tower,
      assignees: [worker.employeeId],
      due_date: '2026-12-01',
      priority: 2,
      checklist: ['Rebar inspected', 'Forms oiled'],
    });
    expect(res.tasks).toHaveLength(3);
    const [main, ...subs] = res.tasks;
    expect(main).toMatchObject({
      title: 'Pour slab level 3',
      jobs_id: tower,
      rel_table: 'jobs',
      rel_id: tower,
      status: 'open',
      parent_task: null,
    });
    expect(main).toMatchObject({ checklist_total: 2, checklist_done: 0, can_manage: true });
    expect(main.assignees).toEqual([{ employees_id: worker.employeeId, name: 'Wes Member' }]);
    expect(subs.map((s) => [s.title, s.parent_task])).toEqual([
      ['Rebar inspected', main.id],
      ['Forms oiled', main.id],
    ]);
    expect(res.threads.map((th) => th.task_thread_uuid)).toEqual(res.tasks.map((x) => x.task_thread_uuid));
    expect(res.threads[0].entries).toEqual([
      expect.objectContaining({
        action: 'created',
        task_action_id: TASK_ACTION.created,
        employees_id: foreman.employeeId,
        user_name: 'Frank Member',
      }),
    ]);
    // The seam for notifications: the assignee would be told (never the author).
    expect(takeTaskNotices().filter((n) => n.taskId === main.id)).toEqual([
      { kind: 'assigned', tenantUuid: tenant, taskId: main.id, recipients: [worker.employeeId] },
    ]);
  });

  it("lets admins and the job's foremen and PMs create on that job, nobody else", async () => {
    expect((await created(pm, { title: 'Order porta-john', jobs_id: tower })).tasks[0].rel_table).toBe('jobs');
    expect((await created(admin, { title: 'Fence permit', jobs_id: yard })).tasks).toHaveLength(1);
    expect(code(await create(foreman, { title: 'Not my job', jobs_id: yard }))).toBe('FORBIDDEN');
    expect(code(await create(worker, { title: 'Me neither', jobs_id: tower }))).toBe('FORBIDDEN');
    expect(code(await create(outsider, { title: 'Projects admin is not a job lead', jobs_id: tower }))).toBe('FORBIDDEN');
    expect(code(await create(foreman, { title: 'On no job' }))).toBe('FORBIDDEN');
    expect((await created(admin, { title: 'Office to-do' })).tasks[0].jobs_id).toBeNull();
  });

  it('adds a sub-task through parent_task, on the parent’s job', async () => {
    const parent = (await created(foreman, { title: 'Close-out', jobs_id: tower, assignees: [worker.employeeId] })).tasks[0];
    const res = await created(foreman, { title: 'Remove debris' }, parent.id);
    expect(res.tasks[0]).toMatchObject({ parent_task: parent.id, jobs_id: tower });
    expect(code(await create(worker, { title: 'x' }, parent.id))).toBe('FORBIDDEN');
    expect(code(await create(outsider, { title: 'x' }, parent.id))).toBe('VALIDATION');
    expect(code(await create(foreman, { title: 'x' }, 999999))).toBe('VALIDATION');
  });

  it('refuses malformed input with VALIDATION', async () => {
    const bad: Record<string, unknown>[] = [
      { title: '' },
      { title: 'x'.repeat(201) },
      { title: 'ok', jobs_id: tower, due_date: '2026-02-30' },
      { title: 'ok', jobs_id: tower, priority: 7 },
      { title: 'ok', rel_table: 'payroll', rel_id: 1 },
      { title: 'ok', rel_table: 'jobs' },
      { title: 'ok', jobs_id: 999999 },
      { title: 'ok', jobs_id: tower, assignees: [stranger.employeeId] },
      { title: 'ok', jobs_id: tower, file_uuids: ['not-a-uuid'] },
    ];
    for (const task of bad) expect(code(await create(admin, task)), JSON.stringify(task)).toBe('VALIDATION');
    const wrongUser = await t.gql(
      CREATE,
      { t: tenant, u: worker.employeeId, task: { title: 'as someone else', jobs_id: tower } },
      foreman.token,
    );
    expect(code(wrongUser)).toBe('VALIDATION');
  });
});

describe('customUpdateTask (spec §7: task_id, task_action_id, user_id, user_name, body, task_thread_uuid -> task, thread)', () => {
  it('a worker comments, attaches a photo and closes their task; the thread lists it newest first with author and time', async () => {
    const task = (await created(foreman, { title: 'Patch drywall unit 4B', jobs_id: tower, assignees: [worker.employeeId] })).tasks[0];
    const c = await updated(worker, task, TASK_ACTION.comment, { b: 'Started, need mud' });
    expect(c.thread.entries.map((e) => e.action)).toEqual(['comment', 'created']);
    const photo = await addFile(worker);
    const p = await updated(worker, task, TASK_ACTION.photo, { f: [photo] });
    expect(p.task.files.map((f) => f.uuid)).toEqual([photo]);
    const closing = await addFile(worker);
    const done = await updated(worker, task, TASK_ACTION.status, { s: 'done', b: 'Done', f: [closing] });
    expect(done.task).toMatchObject({ status: 'done', status_by: worker.employeeId, status_by_name: 'Wes Member' });
    expect(done.task.status_on).toBeTruthy();
    expect(done.task.files.map((f) => f.uuid)).toEqual([photo, closing]);
    const entries = done.thread.entries;
    expect(entries.map((e) => e.action)).toEqual(['status', 'photo', 'comment', 'created']);
    expect(entries[0]).toMatchObject({
      status: 'done',
      body: 'Done',
      file_uuids: [closing],
      employees_id: worker.employeeId,
      user_name: 'Wes Member',
    });
    const times = entries.map((e) => Date.parse(e.created_on));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    // listTaskThreads answers the same, newest first, by thread or by task.
    const byThread = ok(await t.gql(THREADS, { t: tenant, th: task.task_thread_uuid }, worker.token)).listTaskThreads as Thread[];
    expect(byThread[0].entries.map((e) => e.id)).toEqual(entries.map((e) => e.id));
    const byTask = ok(await t.gql(THREADS, { t: tenant, ids: [task.id] }, foreman.token)).listTaskThreads as Thread[];
    expect(byTask[0].task_thread_uuid).toBe(task.task_thread_uuid);
    // Its photos are readable exactly by who may read the task.
    const reader = fileSourceReader('tasks');
    if (!reader) throw new Error('tasks file source not registered');
    for (const [who, sees] of [
      [worker, true],
      [foreman, true],
      [admin, true],
      [outsider, false],
    ] as const) {
      const m = await loadMember(t.database.db, who.identity, tenant);
      if (!m) throw new Error('no member');
      const seen = await withTenant(t.database.db, tenant, (tx) => reader(tx, m, [task.uuid]));
      expect(seen.has(task.uuid), `member ${who.employeeId}`).toBe(sees);
    }
  });

  it("reassigning is for admins and the job's foremen and PMs; the new assignee is told", async () => {
    const task = (await created(foreman, { title: 'Sweep level 2', jobs_id: tower, assignees: [worker.employeeId] })).tasks[0];
    expect(code(await update(worker, task, TASK_ACTION.reassign, { as: [foreman.employeeId] }))).toBe('FORBIDDEN');
    takeTaskNotices();
    const r = await updated(pm, task, TASK_ACTION.reassign, { as: [worker.employeeId, outsider.employeeId] });
    expect(r.task.assignees.map((a) => a.employees_id)).toEqual([worker.employeeId, outsider.employeeId].sort((a, b) => a - b));
    expect(r.thread.entries[0]).toMatchObject({ action: 'reassign', assignees: [worker.employeeId, outsider.employeeId] });
    expect(takeTaskNotices()).toEqual([{ kind: 'assigned', tenantUuid: tenant, taskId: task.id, recipients: [outsider.employeeId] }]);
    // ...in their inbox, with a link to the task (issue 21); the person who reassigned is not told.
    const INBOX = 'query($t: ID!) { listMyNotifications(tenant_uuid: $t) { items { kind title link } } }';
    const inbox = (who: typeof pm) => t.gql(INBOX, { t: tenant }, who.token).then((r) => r.data?.listMyNotifications.items ?? []);
    expect(await inbox(outsider)).toContainEqual({ kind: 'task_assigned', title: 'Sweep level 2', link: `/modules/tasks?id=${task.id}` });
    expect((await inbox(pm)).filter((n: { title: string }) => n.title === 'Sweep level 2')).toEqual([]);
    // Now assigned, the outsider sees it; edit stays with the leads.
    expect((await list(outsider, { scope: 'mine' })).items.map((x) => x.id)).toContain(task.id);
    expect(code(await update(outsider, task, TASK_ACTION.edit, { due: '2026-12-24' }))).toBe('FORBIDDEN');
    expect((await updated(foreman, task, TASK_ACTION.edit, { due: '2026-12-24' })).thread.entries[0].action).toBe('edit');
  });

  it('refuses malformed updates with VALIDATION', async () => {
    const task = (await created(foreman, { title: 'Check ladders', jobs_id: tower, assignees: [worker.employeeId] })).tasks[0];
    expect(code(await update(worker, task, TASK_ACTION.comment, { b: '   ' }))).toBe('VALIDATION');
    expect(code(await update(worker, task, 99))).toBe('VALIDATION');
    expect(code(await update(worker, task, TASK_ACTION.created))).toBe('VALIDATION');
    expect(code(await update(worker, task, TASK_ACTION.status, { s: 'finished' }))).toBe('VALIDATION');
    expect(code(await update(worker, task, TASK_ACTION.photo, { f: [] }))).toBe('VALIDATION');
    expect(code(await update(worker, { ...task, task_thread_uuid: randomUUID() }, TASK_ACTION.comment, { b: 'x' }))).toBe('VALIDATION');
    expect(code(await update(worker, task, TASK_ACTION.comment, { b: 'x'.repeat(5001) }))).toBe('VALIDATION');
    expect(code(await update(worker, task, TASK_ACTION.photo, { f: [await addFile(foreman)] }))).toBe('VALIDATION');
    const asOther = await t.gql(
      UPDATE,
      { t: tenant, id: task.id, a: TASK_ACTION.comment, u: foreman.employeeId, b: 'spoof', th: task.task_thread_uuid },
      worker.token,
    );
    expect(code(asOther)).toBe('VALIDATION');
  });

  it('lists the task actions', async () => {
    const actions = ok(await t.gql(ACTIONS, { t: tenant }, worker.token)).listTaskActions;
    expect(actions.map((a: { action: string }) => a.action)).toEqual(['created', 'comment', 'status', 'reassign', 'photo', 'edit']);
  });
});

describe('who sees which tasks', () => {
  it('a person outside the job cannot read its tasks (list, thread, update)', async () => {
    const task = (await created(foreman, { title: 'Secret punch item', jobs_id: tower })).tasks[0];
    expect((await list(outsider)).items.map((x) => x.id)).not.toContain(task.id);
    expect((await list(outsider, { jobs_id: tower })).items.map((x) => x.id)).not.toContain(task.id);
    expect(ok(await t.gql(THREADS, { t: tenant, ids: [task.id] }, outsider.token)).listTaskThreads).toEqual([]);
    expect(code(await update(outsider, task, TASK_ACTION.comment, { b: 'peek' }))).toBe('NOT_FOUND');
    expect(code(await update(worker, task, TASK_ACTION.comment, { b: 'peek' }))).toBe('NOT_FOUND');
    // Its foreman, PM and admins do.
    for (const who of [foreman, pm, admin]) expect((await list(who)).items.map((x) => x.id)).toContain(task.id);
  });

  it('a crew member scheduled on the job belongs to it: reads and works its tasks, but neither creates nor reassigns', async () => {
    const crew = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Cris' });
    const task = (await created(foreman, { title: 'Crew can see this', jobs_id: tower })).tasks[0];
    expect((await list(crew)).items.map((x) => x.id)).not.toContain(task.id);
    const today = new Date().toISOString().slice(0, 10);
    await withTenant(t.database.db, tenant, (tx) =>
      tx.insert(scheduledLabor).values({ tenant_uuid: tenant, jobs_id: tower, employees_id: crew.employeeId, date: today }),
    );
    expect((await list(crew, { scope: 'jobs' })).items.map((x) => x.id)).toContain(task.id);
    expect((await updated(crew, task, TASK_ACTION.comment, { b: 'On it tomorrow' })).thread.entries[0].user_name).toBe('Cris Member');
    expect(code(await create(crew, { title: 'Crew is not a lead', jobs_id: tower }))).toBe('FORBIDDEN');
    expect(code(await update(crew, task, TASK_ACTION.reassign, { as: [crew.employeeId] }))).toBe('FORBIDDEN');
  });

  it("names the people of a crew member's tasks without the directory; who assigns gets everyone (listTaskPeople, issue 46)", async () => {
    const PEOPLE = 'query($t: ID!) { listTaskPeople(tenant_uuid: $t) { id name } }';
    const DIRECTORY =
      'query($t: ID!) { listEmployees(tenant_uuid: $t, filter: { eq: { status: 1 } }) { items { id firstname lastname } } }';
    const crew = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Dana' });
    const loner = await createMember(t.database.db, tenant, { permissions: ['basic_access'], firstname: 'Lena' });
    const task = (await created(foreman, { title: 'Brace the forms', jobs_id: tower, assignees: [worker.employeeId] })).tasks[0];
    await updated(foreman, task, TASK_ACTION.reassign, { as: [pm.employeeId] });
    const today = new Date().toISOString().slice(0, 10);
    await withTenant(t.database.db, tenant, (tx) =>
      tx.insert(scheduledLabor).values({ tenant_uuid: tenant, jobs_id: tower, employees_id: crew.employeeId, date: today }),
    );
    // The page's old read, the directory, is refused to a crew member without people_basic.
    expect(code(await t.gql(DIRECTORY, { t: tenant }, crew.token))).toBe('FORBIDDEN');
    // Allowed: the names on the tasks they may read (author, assignee now and before) and their own, id and name only.
    const seen = ok(await t.gql(PEOPLE, { t: tenant }, crew.token)).listTaskPeople as { id: number; name: string }[];
    const byId = new Map(seen.map((p) => [p.id, p.name]));
    expect(byId.get(foreman.employeeId)).toBe('Frank Member');
    expect(byId.get(pm.employeeId)).toBe('Pam Member');
    expect(byId.get(worker.employeeId)).toBe('Wes Member');
    expect(byId.get(crew.employeeId)).toBe('Dana Member');
    // Not the rest of the company: nobody on a task they cannot read.
    expect(byId.has(loner.employeeId)).toBe(false);
    // Who assigns (a job's foreman, admins) picks from every active person.
    for (const who of [foreman, admin]) {
      const all = ok(await t.gql(PEOPLE, { t: tenant }, who.token)).listTaskPeople as { id: number; name: string }[];
      expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([loner.employeeId, outsider.employeeId, crew.employeeId]));
    }
    // Walls: another company's session names nobody here; with tasks switched off it is refused.
    expect(code(await t.gql(PEOPLE, { t: tenant }, stranger.token))).toBe('NOT_FOUND');
    const theirs = ok(await t.gql(PEOPLE, { t: stranger.tenantUuid }, stranger.token)).listTaskPeople as { id: number }[];
    expect(theirs.map((p) => p.id)).not.toContain(foreman.employeeId);
    expect(code(await t.gql(PEOPLE, { t: tenant }))).toBe('UNAUTHENTICATED');
  });

  it('my tasks, on my jobs, all; filters by job, assignee, status, due date; overdue first, then newest first', async () => {
    const day = '2026-06-15';
    const a = (await created(admin, { title: 'Old overdue', jobs_id: yard, assignees: [worker.employeeId], due_date: '2026-06-01' }))
      .tasks[0];
    const b = (await created(admin, { title: 'Later overdue', jobs_id: yard, assignees: [worker.employeeId], due_date: '2026-06-10' }))
      .tasks[0];
    const c = (await created(admin, { title: 'Not yet due', jobs_id: yard, assignees: [worker.employeeId], due_date: '2026-07-01' }))
      .tasks[0];
    const d = (await created(admin, { title: 'Done and late', jobs_id: yard, assignees: [worker.employeeId], due_date: '2026-05-01' }))
      .tasks[0];
    await updated(worker, d, TASK_ACTION.status, { s: 'done' });
    const mine = (await list(worker, { scope: 'mine', jobs_id: yard, today: day })).items;
    expect(mine.map((x) => x.title)).toEqual(['Later overdue', 'Old overdue', 'Done and late', 'Not yet due']);
    expect(mine.map((x) => x.overdue)).toEqual([true, true, false, false]);
    // Paging keeps the order.
    const p1 = await list(worker, { scope: 'mine', jobs_id: yard, today: day }, 3);
    const p2 = await list(worker, { scope: 'mine', jobs_id: yard, today: day }, 3, p1.nextToken ?? undefined);
    expect([...p1.items, ...p2.items].map((x) => x.id)).toEqual(mine.map((x) => x.id));
    expect(p2.nextToken).toBeNull();
    expect((await list(worker, { scope: 'mine', jobs_id: yard, status: ['done'] })).items.map((x) => x.id)).toEqual([d.id]);
    expect((await list(worker, { scope: 'mine', jobs_id: yard, overdue: true, today: day })).items.map((x) => x.id)).toEqual([b.id, a.id]);
    expect((await list(worker, { jobs_id: yard, due_from: '2026-06-05', due_to: '2026-07-01' })).items.map((x) => x.id)).toEqual([
      c.id,
      b.id,
    ]);
    expect((await list(admin, { assignee_id: worker.employeeId, jobs_id: yard })).items).toHaveLength(4);
    // On my jobs: the foreman's tower tasks only.
    const onJobs = (await list(foreman, { scope: 'jobs' })).items;
    expect(onJobs.length).toBeGreaterThan(0);
    expect(onJobs.every((x) => x.jobs_id === tower)).toBe(true);
    // The worker belongs to no job: nothing there.
    expect((await list(worker, { scope: 'jobs' })).items).toEqual([]);
    for (const f of [{ scope: 'everything' }, { status: ['closed'] }, { due_from: '2026-13-01' }, { today: 'x' }]) {
      expect(code(await t.gql(LIST, { t: tenant, f }, worker.token))).toBe('VALIDATION');
    }
    expect(code(await t.gql(LIST, { t: tenant, l: 0 }, worker.token))).toBe('VALIDATION');
    expect(code(await t.gql(LIST, { t: tenant, n: 'garbage' }, worker.token))).toBe('VALIDATION');
  });
});

describe('checklist templates', () => {
  it('admins make templates; applied to a job it creates its tasks once, applying twice asks (CONFLICT) unless confirmed', async () => {
    const tpl = ok(
      await t.gql(
        SAVE_TPL,
        {
          t: tenant,
          x: { name: 'Pre-pour inspection', items: [{ title: 'Forms braced' }, { title: 'Rebar tied' }, { title: 'Embeds set' }] },
        },
        admin.token,
      ),
    ).saveChecklistTemplate;
    expect(code(await t.gql(SAVE_TPL, { t: tenant, x: { name: 'Mine', items: [{ title: 'x' }] } }, foreman.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(SAVE_TPL, { t: tenant, x: { name: 'Empty', items: [] } }, admin.token))).toBe('VALIDATION');
    const first = ok(
      await t.gql(APPLY, { t: tenant, tpl: tpl.id, j: tower, as: [worker.employeeId] }, foreman.token),
    ).applyChecklistTemplate;
    expect(first.tasks.map((x: Task) => x.title)).toEqual(['Pre-pour inspection', 'Forms braced', 'Rebar tied', 'Embeds set']);
    expect(first.tasks[0]).toMatchObject({ checklist_total: 3, templates_id: tpl.id, jobs_id: tower });
    expect(first.threads).toHaveLength(4);
    const again = await t.gql(APPLY, { t: tenant, tpl: tpl.id, j: tower }, foreman.token);
    expect(code(again)).toBe('CONFLICT');
    expect(again.errors?.[0]?.message).toBe(TASK_MESSAGES.alreadyApplied);
    const count = async () => (await list(admin, { jobs_id: tower })).items.filter((x) => x.title === 'Pre-pour inspection').length;
    expect(await count()).toBe(1);
    ok(await t.gql(APPLY, { t: tenant, tpl: tpl.id, j: tower, c: true }, foreman.token));
    expect(await count()).toBe(2);
    // Not the foreman's job; not a lead at all.
    expect(code(await t.gql(APPLY, { t: tenant, tpl: tpl.id, j: yard }, foreman.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(APPLY, { t: tenant, tpl: tpl.id, j: tower }, worker.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(APPLY, { t: tenant, tpl: 999999, j: tower }, admin.token))).toBe('NOT_FOUND');
    // Ticking the checklist: a sub-task closed counts on the parent.
    await updated(worker, first.tasks[1], TASK_ACTION.status, { s: 'done' });
    const parent = (await list(admin, { jobs_id: tower })).items.find((x) => x.id === first.tasks[0].id);
    expect(parent?.checklist_done).toBe(1);
    const subs = (await list(worker, { parent_task: first.tasks[0].id })).items;
    expect(subs).toHaveLength(3);
  });
});

describe('setup checklist', () => {
  it("ticks itself from the company's data, admins only", async () => {
    const fresh = await createTenant(t.database.db);
    const boss = await createMember(t.database.db, fresh, { isAdmin: true });
    const steps = async () =>
      Object.fromEntries(
        (ok(await t.gql(SETUP, { t: fresh }, boss.token)).getSetupChecklist as { key: string; done: boolean }[]).map((s) => [
          s.key,
          s.done,
        ]),
      );
    expect(await steps()).toEqual({ add_people: false, add_job: false, add_costcodes: false, invite_foreman: false });
    const crew = await createMember(t.database.db, fresh, { permissions: ['basic_access'] });
    ok(
      await t.gql(
        'mutation($t: ID!) { createCostcodes(tenant_uuid: $t, data: [{ costcode: "01-100" }]) { id } }',
        { t: fresh },
        boss.token,
      ),
    );
    const job = ok(
      await t.gql('mutation($t: ID!) { createJobs(tenant_uuid: $t, data: [{ job: "First job" }]) { id } }', { t: fresh }, boss.token),
    ).createJobs[0].id;
    expect(await steps()).toEqual({ add_people: true, add_job: true, add_costcodes: true, invite_foreman: false });
    ok(
      await t.gql(
        'mutation($t: ID!, $d: [JobsForemenInput!]!) { createJobsForemen(tenant_uuid: $t, data: $d) { id } }',
        { t: fresh, d: [{ jobs_id: job, employees_id: crew.employeeId }] },
        boss.token,
      ),
    );
    expect((await steps()).invite_foreman).toBe(true);
    expect(code(await t.gql(SETUP, { t: fresh }, crew.token))).toBe('FORBIDDEN');
  });
});

describe('walls', () => {
  it('another company sees and changes none of these tasks', async () => {
    const task = (await created(foreman, { title: 'Ours', jobs_id: tower })).tasks[0];
    expect(code(await t.gql(LIST, { t: tenant }, stranger.token))).toBe('NOT_FOUND');
    expect((await list(stranger)).items).toEqual([]);
    const res = await t.gql(
      UPDATE,
      { t: stranger.tenantUuid, id: task.id, a: TASK_ACTION.comment, u: stranger.employeeId, b: 'hi', th: task.task_thread_uuid },
      stranger.token,
    );
    expect(code(res)).toBe('NOT_FOUND');
    expect(
      code(await t.gql(CREATE, { t: stranger.tenantUuid, u: stranger.employeeId, task: { title: 'x', jobs_id: tower } }, stranger.token)),
    ).toBe('VALIDATION');
    expect(ok(await t.gql(THREADS, { t: stranger.tenantUuid, ids: [task.id] }, stranger.token)).listTaskThreads).toEqual([]);
  });

  it('unauthenticated is refused', async () => {
    expect(code(await t.gql(LIST, { t: tenant }))).toBe('UNAUTHENTICATED');
  });

  it('the module switched off refuses every task operation, admins included', async () => {
    const company = await createTenant(t.database.db);
    const boss = await createMember(t.database.db, company, { isAdmin: true });
    const crew = await createMember(t.database.db, company, { permissions: ['basic_access'] });
    await withTenant(t.database.db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.tasks, status: 0 }),
    );
    for (const who of [boss, crew]) {
      expect(code(await t.gql(LIST, { t: company }, who.token))).toBe('FORBIDDEN');
      expect(code(await t.gql(ACTIONS, { t: company }, who.token))).toBe('FORBIDDEN');
      expect(code(await t.gql(CREATE, { t: company, u: who.employeeId, task: { title: 'x' } }, who.token))).toBe('FORBIDDEN');
    }
    expect(code(await t.gql(SETUP, { t: company }, boss.token))).toBe('FORBIDDEN');
  });
});
