import { ADMIN_ACCESS, accessTo } from '@groundwork/core/permissions';
import { isOverdue, mayManageTask, type TaskRelation } from '@groundwork/core/tasks';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { outer } from '../../db/columns.js';
import type { Member } from '../../graphql/gate.js';
import { extendRows } from '../../graphql/paging.js';
import { selectPrepared } from '../../graphql/prepared.js';
import { employees } from '../employees/employees.table.js';
import { type FileSummary, filesOf, registerFileSource } from '../files/files.service.js';
import { jobs, jobsForemen, jobsPms } from '../jobs/jobs.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { taskAssignees, tasks, taskThreads } from './tasks.table.js';

/** The files service's source_table for a task's photos. */
export const TASKS_SOURCE = 'tasks';

export type Assignee = { employees_id: number; name: string | null };

export type TaskView = {
  id: number;
  uuid: string;
  created_on: string;
  updated_on: string;
  parent_task: number | null;
  title: string;
  body: string | null;
  task_thread_uuid: string;
  rel_table: string | null;
  rel_id: number | null;
  jobs_id: number | null;
  job_label: string | null;
  status: string;
  status_by: number | null;
  status_by_name: string | null;
  status_on: string | null;
  priority: number;
  due_date: string | null;
  templates_id: number | null;
  created_by: number | null;
  created_by_name: string | null;
  checklist_total: number;
  checklist_done: number;
  overdue: boolean;
  can_manage: boolean;
  assignees: Assignee[];
  files: FileSummary[];
};

export type ThreadEntry = {
  id: number;
  task_thread_uuid: string;
  tasks_id: number;
  task_action_id: number;
  action: string;
  body: string | null;
  employees_id: number | null;
  user_name: string | null;
  created_on: string;
  status: string | null;
  assignees: number[];
  file_uuids: string[];
};

export type TaskThreadView = { task_thread_uuid: string; tasks_id: number; entries: ThreadEntry[] };

export const personName = (first: unknown, last: unknown) => sql<string | null>`nullif(trim(concat_ws(' ', ${first}, ${last})), '')`;
export const isAdmin = (m: Member) => m.permissions.has(ADMIN_ACCESS);

/** How a person belongs to jobs: `led` as foreman or PM; `on` those plus the crew jobs they are scheduled on. */
export type JobTies = { led: Set<number>; on: Set<number> };

/** A crew member belongs to the jobs they are scheduled on within this many days either side of today. */
const CREW_WINDOW_DAYS = 14;

export async function jobTies(tx: Tx, member: Member): Promise<JobTies> {
  const t = member.tenantUuid;
  const me = member.employeeId;
  const rows = (await tx.execute(sql`
    select jobs_id, true as leads from ${jobsForemen} where tenant_uuid = ${t} and employees_id = ${me}
    union select jobs_id, true from ${jobsPms} where tenant_uuid = ${t} and employees_id = ${me}
    union select jobs_id, false from ${scheduledLabor} where tenant_uuid = ${t} and employees_id = ${me} and jobs_id is not null
      and date between current_date - ${CREW_WINDOW_DAYS}::int and current_date + ${CREW_WINDOW_DAYS}::int`)) as unknown as {
    rows: { jobs_id: number; leads: boolean }[];
  };
  const led = new Set<number>();
  const on = new Set<number>();
  for (const r of rows.rows) {
    on.add(Number(r.jobs_id));
    if (r.leads) led.add(Number(r.jobs_id));
  }
  return { led, on };
}

/** The jobs `member` leads (foreman or PM): where they create and assign. */
export async function jobsLedBy(tx: Tx, member: Member): Promise<Set<number>> {
  return (await jobTies(tx, member)).led;
}

/** SQL: the tasks a non-admin may read (assigned, on a job they belong to, or created by them). */
export function visibleTo(member: Member, ties: JobTies): SQL | undefined {
  if (isAdmin(member)) return undefined;
  const me = member.employeeId;
  const onJobs = ties.on.size ? inArray(tasks.jobs_id, [...ties.on]) : sql`false`;
  return sql`(${onJobs} or ${tasks.created_by} = ${me} or exists (select 1 from ${taskAssignees} a
    where a.tenant_uuid = ${outer(tasks.tenant_uuid)} and a.tasks_id = ${outer(tasks.id)} and a.employees_id = ${me}))`;
}

export function relationOf(
  member: Member,
  ties: JobTies,
  task: { jobs_id: number | null; created_by: number | null },
  assignees: number[],
): TaskRelation {
  return {
    admin: isAdmin(member),
    leadsJob: task.jobs_id != null && ties.led.has(task.jobs_id),
    onJob: task.jobs_id != null && ties.on.has(task.jobs_id),
    assigned: assignees.includes(member.employeeId),
    creator: task.created_by === member.employeeId,
  };
}

const today = () => new Date().toISOString().slice(0, 10);

const viewColumns = {
  id: tasks.id,
  uuid: tasks.uuid,
  created_on: tasks.created_on,
  updated_on: tasks.updated_on,
  parent_task: tasks.parent_task,
  title: tasks.title,
  body: tasks.body,
  task_thread_uuid: tasks.task_thread_uuid,
  rel_table: tasks.rel_table,
  rel_id: tasks.rel_id,
  jobs_id: tasks.jobs_id,
  status: tasks.status,
  status_by: tasks.status_by,
  status_on: tasks.status_on,
  priority: tasks.priority,
  due_date: tasks.due_date,
  templates_id: tasks.templates_id,
  created_by: tasks.created_by,
  job_label: sql<string | null>`(select case when nullif(trim(j.job_abbr), '') is null then j.job else j.job_abbr || ' · ' || j.job end
    from ${jobs} j where j.tenant_uuid = ${outer(tasks.tenant_uuid)} and j.id = ${outer(tasks.jobs_id)})`,
  status_by_name: sql<string | null>`(select ${personName(sql`e.firstname`, sql`e.lastname`)} from ${employees} e
    where e.tenant_uuid = ${outer(tasks.tenant_uuid)} and e.id = ${outer(tasks.status_by)})`,
  created_by_name: sql<string | null>`(select ${personName(sql`e.firstname`, sql`e.lastname`)} from ${employees} e
    where e.tenant_uuid = ${outer(tasks.tenant_uuid)} and e.id = ${outer(tasks.created_by)})`,
};
/** A task's assignees (id and name, by id) as JSON in the list's own statement: one round trip less per page. */
const assigneesColumn = sql<{ employees_id: number; name: string | null }[]>`(select coalesce(json_agg(json_build_object(
    'employees_id', a.employees_id, 'name', ${personName(sql`e.firstname`, sql`e.lastname`)}) order by a.employees_id), '[]')
  from ${taskAssignees} a left join ${employees} e on e.tenant_uuid = a.tenant_uuid and e.id = a.employees_id
  where a.tenant_uuid = ${outer(tasks.tenant_uuid)} and a.tasks_id = ${outer(tasks.id)})`;

type Row = {
  [K in keyof typeof viewColumns]: unknown;
} & { id: number; uuid: string; jobs_id: number | null; created_by: number | null; status: string; due_date: string | null };

/**
 * What a page needs besides the task rows (null: everything): the checklist counts, whether `can_manage` is shown,
 * and the task fields it selects (null: all), so a list does not read bodies and names it does not show.
 */
export type TaskExtras = { checklist: boolean; canManage: boolean; fields?: ReadonlySet<string> | null } | null;

/** Read for every task whatever a page shows: the keys, and what access, the overdue flag and files are worked out from. */
const ALWAYS_READ = new Set(['id', 'uuid', 'jobs_id', 'created_by', 'status', 'due_date', 'parent_task']);

function columnsFor(fields: ReadonlySet<string> | null | undefined): Partial<typeof viewColumns> {
  if (!fields) return viewColumns;
  return Object.fromEntries(Object.entries(viewColumns).filter(([name]) => ALWAYS_READ.has(name) || fields.has(name)));
}

const NO_TIES: JobTies = { led: new Set(), on: new Set() };

/** Assignees, files and checklist counts for a page of tasks: one query each, the counts only when asked for. */
async function complete(
  tx: Tx,
  member: Member,
  led: JobTies,
  rows: Row[],
  withFiles: boolean,
  day = today(),
  extras: TaskExtras = null,
): Promise<TaskView[]> {
  if (rows.length === 0) return [];
  const t = member.tenantUuid;
  const ids = rows.map((r) => r.id);
  // A list reads the assignees in its own statement (assigneesColumn, ordered by person); a lookup by id asks here.
  type Assignee = { employees_id: number; name: string | null };
  const byTask = new Map<number, Assignee[]>();
  if (rows.every((r) => Array.isArray((r as { assignees?: unknown }).assignees))) {
    for (const r of rows) byTask.set(r.id, (r as unknown as { assignees: Assignee[] }).assignees);
  } else {
    const people = await tx
      .select({
        tasks_id: taskAssignees.tasks_id,
        employees_id: taskAssignees.employees_id,
        name: personName(employees.firstname, employees.lastname),
      })
      .from(taskAssignees)
      .leftJoin(employees, and(eq(employees.tenant_uuid, taskAssignees.tenant_uuid), eq(employees.id, taskAssignees.employees_id)))
      .where(and(eq(taskAssignees.tenant_uuid, t), inArray(taskAssignees.tasks_id, ids)))
      .orderBy(taskAssignees.employees_id);
    for (const p of people) {
      const list = byTask.get(p.tasks_id);
      const person = { employees_id: p.employees_id, name: p.name };
      if (list) list.push(person);
      else byTask.set(p.tasks_id, [person]);
    }
  }
  const counts = !(extras?.checklist ?? true)
    ? []
    : await tx
        .select({
          parent: tasks.parent_task,
          total: sql<number>`count(*)::int`,
          done: sql<number>`(count(*) filter (where ${tasks.status} = 'done'))::int`,
        })
        .from(tasks)
        .where(and(eq(tasks.tenant_uuid, t), inArray(tasks.parent_task, ids)))
        .groupBy(tasks.parent_task);
  const fileMap = withFiles
    ? await filesOf(
        tx,
        t,
        TASKS_SOURCE,
        rows.map((r) => r.uuid),
      )
    : new Map<string, FileSummary[]>();
  const countOf = new Map(counts.map((x) => [x.parent, x]));
  // In place: the rows were read for this request alone, and a copy of each (`{ ...r }`) is V8's slow path.
  return extendRows(rows, (r) => {
    const assignees = byTask.get(r.id) ?? [];
    const c = countOf.get(r.id);
    const rel = relationOf(
      member,
      led,
      r,
      assignees.map((a) => a.employees_id),
    );
    return {
      assignees,
      files: fileMap.get(r.uuid) ?? [],
      checklist_total: c?.total ?? 0,
      checklist_done: c?.done ?? 0,
      overdue: isOverdue(r, day),
      can_manage: mayManageTask(rel, r.jobs_id != null),
    };
  }) as unknown as TaskView[];
}

export type TaskFilter = {
  scope?: string | null;
  jobs_id?: number | null;
  assignee_id?: number | null;
  status?: string[] | null;
  due_from?: string | null;
  due_to?: string | null;
  overdue?: boolean | null;
  parent_task?: number | null;
  rel_table?: string | null;
  rel_id?: number | null;
  today?: string | null;
};

/**
 * A page of tasks: overdue first, then newest first (spec §9), keyset on (rank, id). Non-admins get only the tasks
 * they may read whatever the filter says; scope 'mine' is the caller's assignments, 'jobs' the jobs they belong to.
 */
export async function listTaskRows(
  tx: Tx,
  member: Member,
  filter: TaskFilter,
  limit: number,
  after: { rank: number; id: number } | null,
  withFiles: boolean,
  extras: TaskExtras = null,
): Promise<{ items: TaskView[]; next: { rank: number; id: number } | null }> {
  const t = member.tenantUuid;
  // The person's jobs decide what they may read and what they may manage; "my tasks" is read from their own
  // assignments, so when the page does not show `can_manage` that statement is not needed.
  // An admin reads and manages every task: their jobs matter only to the 'jobs' scope.
  const tiesNeeded = filter.scope === 'jobs' || (!isAdmin(member) && !(filter.scope === 'mine' && extras && !extras.canManage));
  const led = tiesNeeded ? await jobTies(tx, member) : NO_TIES;
  const day = filter.today ?? today();
  const p = sql.placeholder;
  const rank = sql<number>`(case when ${tasks.status} <> 'done' and ${tasks.due_date} < ${p('day')}::date then 0 else 1 end)`;
  const admin = isAdmin(member);
  const me = member.employeeId;
  const has = {
    parent: filter.parent_task != null,
    mine: filter.scope === 'mine',
    jobs: filter.scope === 'jobs',
    job: filter.jobs_id != null,
    assignee: filter.assignee_id != null,
    status: Boolean(filter.status?.length),
    dueFrom: Boolean(filter.due_from),
    dueTo: Boolean(filter.due_to),
    overdue: Boolean(filter.overdue),
    relTable: Boolean(filter.rel_table),
    relId: filter.rel_id != null,
    after: Boolean(after),
  };
  const columns = columnsFor(extras?.fields);
  // Each combination of columns, filters and who asks is one shape, built once and run as a prepared statement.
  const shape = `listTasks|${Object.keys(columns).join(',')}|${admin}|${Object.values(has).map(Number).join('')}`;
  const build = () =>
    tx
      .select({ ...columns, rank, assignees: assigneesColumn })
      .from(tasks)
      .where(
        and(
          eq(tasks.tenant_uuid, p('tenant')),
          has.parent ? eq(tasks.parent_task, p('parent')) : sql`${tasks.parent_task} is null`,
          // "Mine" implies visible, and is driven from the person's assignments (index task_assignees_person_idx), not
          // checked task by task over the whole company.
          // As an array, not `id in (subquery)`: with a few hundred assignments the planner otherwise hashes the
          // company's whole task table (8.6 ms on the bench's 50k tasks); this walks the primary key for each (~1 ms).
          has.mine
            ? sql`${outer(tasks.id)} = any(array(select a.tasks_id from ${taskAssignees} a where a.tenant_uuid = ${p('tenant')} and a.employees_id = ${p('me')}))`
            : admin
              ? undefined
              : sql`(${tasks.jobs_id} = any(${p('on')}) or ${tasks.created_by} = ${p('me')} or exists (select 1 from ${taskAssignees} a
                  where a.tenant_uuid = ${outer(tasks.tenant_uuid)} and a.tasks_id = ${outer(tasks.id)} and a.employees_id = ${p('me')}))`,
          has.jobs ? sql`${tasks.jobs_id} = any(${p('on')})` : undefined,
          has.job ? eq(tasks.jobs_id, p('job')) : undefined,
          has.assignee
            ? sql`exists (select 1 from ${taskAssignees} a where a.tenant_uuid = ${outer(tasks.tenant_uuid)} and a.tasks_id = ${outer(tasks.id)} and a.employees_id = ${p('assignee')})`
            : undefined,
          has.status ? sql`${tasks.status} = any(${p('status')})` : undefined,
          has.dueFrom ? sql`${tasks.due_date} >= ${p('dueFrom')}::date` : undefined,
          has.dueTo ? sql`${tasks.due_date} <= ${p('dueTo')}::date` : undefined,
          has.overdue ? sql`${rank} = 0` : undefined,
          has.relTable ? eq(tasks.rel_table, p('relTable')) : undefined,
          has.relId ? eq(tasks.rel_id, p('relId')) : undefined,
          has.after ? sql`(${rank} > ${p('afterRank')} or (${rank} = ${p('afterRank')} and ${tasks.id} < ${p('afterId')}))` : undefined,
        ),
      )
      .orderBy(rank, desc(tasks.id))
      .limit(p('limit'));
  const rows = await selectPrepared<Row & { rank: number }>(tx, shape, build, {
    tenant: t,
    me,
    day,
    on: [...led.on],
    parent: filter.parent_task,
    job: filter.jobs_id,
    assignee: filter.assignee_id,
    status: filter.status ?? [],
    dueFrom: filter.due_from,
    dueTo: filter.due_to,
    relTable: filter.rel_table,
    relId: filter.rel_id,
    afterRank: after?.rank,
    afterId: after?.id,
    limit: limit + 1,
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await complete(tx, member, led, page, withFiles, day, extras),
    next: more && last ? { rank: Number(last.rank), id: last.id } : null,
  };
}

/** Tasks by id that the caller may read (others are left out). */
export async function tasksByIds(tx: Tx, member: Member, ids: number[], withFiles = true): Promise<TaskView[]> {
  if (!ids.length) return [];
  const led = await jobTies(tx, member);
  const rows = (await tx
    .select(viewColumns)
    .from(tasks)
    .where(and(eq(tasks.tenant_uuid, member.tenantUuid), inArray(tasks.id, ids), visibleTo(member, led)))
    .orderBy(desc(tasks.id))) as unknown as Row[];
  return complete(tx, member, led, rows, withFiles);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A task's photos are readable exactly by who may read the task; nobody while the module is off. */
async function readableTasks(tx: Tx, member: Member, sourceUuids: string[]): Promise<Set<string>> {
  const wanted = [...new Set(sourceUuids.filter((u) => typeof u === 'string' && UUID.test(u)))];
  if (!accessTo(member.permissions, 'tasks', 'read', member.off) || !wanted.length) return new Set();
  const led = await jobTies(tx, member);
  const rows = await tx
    .select({ uuid: tasks.uuid, jobs_id: tasks.jobs_id, created_by: tasks.created_by, id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.tenant_uuid, member.tenantUuid), inArray(tasks.uuid, wanted), visibleTo(member, led)));
  return new Set(rows.map((r) => r.uuid));
}

registerFileSource(TASKS_SOURCE, readableTasks);

export type TaskPerson = { id: number; name: string };

/**
 * listTaskPeople (issue 46): the names the Tasks page shows and picks from, id and name only (no directory
 * access needed). Who creates and assigns (admins, a job's foremen and PMs) gets the company's active people to
 * assign; everyone else only the people on the tasks they may read (assignees, authors, who changed a status or
 * appears in a thread) and themselves.
 */
export async function taskPeople(tx: Tx, member: Member): Promise<TaskPerson[]> {
  const t = member.tenantUuid;
  const ties = await jobTies(tx, member);
  const name = sql<string>`coalesce(${personName(employees.firstname, employees.lastname)}, '#' || ${employees.id})`;
  if (isAdmin(member) || ties.led.size > 0) {
    return tx
      .select({ id: employees.id, name })
      .from(employees)
      .where(and(eq(employees.tenant_uuid, t), eq(employees.status, 1)))
      .orderBy(sql`lower(${name})`, employees.id);
  }
  const seen = sql`select ${tasks.id} as id, ${tasks.task_thread_uuid} as thread, ${tasks.created_by} as created_by,
    ${tasks.status_by} as status_by from ${tasks} where ${tasks.tenant_uuid} = ${t} and ${visibleTo(member, ties)}`;
  const result = (await tx.execute(sql`
    with seen as (${seen}),
    entries as (select th.employees_id, th.data from ${taskThreads} th join seen on seen.thread = th.task_thread_uuid
      where th.tenant_uuid = ${t}),
    ids as (
      select created_by as id from seen union select status_by from seen
      union select a.employees_id from ${taskAssignees} a join seen on seen.id = a.tasks_id where a.tenant_uuid = ${t}
      union select employees_id from entries
      union select x::int from entries, jsonb_array_elements_text(case when jsonb_typeof(entries.data -> 'assignees') = 'array'
        then entries.data -> 'assignees' else '[]'::jsonb end) x
      union select ${member.employeeId}::int)
    select e.id, coalesce(nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''), '#' || e.id) as name
    from ${employees} e join ids on ids.id = e.id where e.tenant_uuid = ${t}
    order by lower(coalesce(nullif(trim(concat_ws(' ', e.firstname, e.lastname)), ''), '#' || e.id)), e.id`)) as unknown as {
    rows: { id: number; name: string }[];
  };
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
