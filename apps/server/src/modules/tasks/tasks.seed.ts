import { addDays, isoDay } from '@groundwork/core/pay-periods';
import { TASK_ACTION, type TaskStatus } from '@groundwork/core/tasks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { employees } from '../employees/employees.table.js';
import { checklistTemplates, taskAssignees, tasks, taskThreads } from './tasks.table.js';

/**
 * Tasks in the demo company: punch items and to-dos on the first jobs (even jobs are Luis's, odd ones Tom's),
 * assigned to the crew, Maria and Luis, some done, some overdue; two checklist templates, "Pre-pour inspection"
 * applied to the first job with two of its items ticked. `people` is in the demo's order (0 Maria, 1 James, 2 Dana,
 * 3 Luis, 4 Tom, 5 Aisha, 6 Ben, 7 Carlos, …).
 */
export async function seedDemoTasks(tx: Tx, tenant_uuid: string, people: number[], jobs: number[], today = isoDay(new Date())) {
  const [prePour] = await tx
    .insert(checklistTemplates)
    .values([
      {
        tenant_uuid,
        name: 'Pre-pour inspection',
        description: 'Walk the deck before the trucks are called.',
        items: [
          { title: 'Forms braced and oiled' },
          { title: 'Rebar tied, chairs set' },
          { title: 'Embeds and sleeves in place' },
          { title: 'Inspector sign-off', priority: 2 },
        ],
      },
      {
        tenant_uuid,
        name: 'Site close-out',
        description: 'Leave the site clean and safe at the end of a phase.',
        items: [{ title: 'Debris hauled' }, { title: 'Temporary power off' }, { title: 'Gates locked, keys returned' }],
      },
    ])
    .returning({ id: checklistTemplates.id, name: checklistTemplates.name });
  // [title, body, job index, creator index, assignee indexes, due in days (negative: past), priority, status]
  const rows: [string, string | null, number, number, number[], number | null, number, TaskStatus][] = [
    ['Patch drywall in unit 4B', 'Two dents by the door frame.', 0, 3, [5], 2, 1, 'open'],
    ['Replace cracked outlet cover, kitchen', null, 0, 3, [8], -2, 1, 'open'],
    ['Touch-up paint, stairwell B', null, 0, 3, [5, 6], 5, 0, 'in_progress'],
    ['Clean out concrete washout', 'Before Friday’s inspection.', 1, 4, [6], -1, 2, 'open'],
    ['Re-stake silt fence along the creek', null, 1, 4, [9], 3, 1, 'open'],
    ['Order extra rebar chairs', null, 1, 1, [4], 1, 1, 'done'],
    ['Fix gate latch on the laydown yard', null, 2, 3, [10], -4, 1, 'done'],
    ['Grind high spot, level 2 slab', null, 2, 3, [7], 7, 2, 'open'],
    ['Label breakers in panel L1', null, 3, 4, [8], 10, 0, 'open'],
    ['Submit RFI for the door hardware', 'Architect has not answered.', 3, 1, [1], -3, 2, 'in_progress'],
    ['Hang safety signage at the entrance', null, 0, 0, [6], 0, 1, 'done'],
    ['Sweep and magnet the parking area', null, 1, 4, [9, 10], 4, 0, 'open'],
    // The superintendent's and a foreman's own (their dashboards' "Tasks due": due today, one overdue).
    ['Walk level 2 with the owner’s rep', 'Punch walk before the ceiling grid goes in.', 0, 1, [0], 0, 1, 'open'],
    ['Approve the retaining-wall change order', 'CO #7 from the site contractor, $18,400.', 1, 1, [0], -1, 2, 'open'],
    ['Review the crane lift plan for the roof units', null, 2, 3, [0, 3], 3, 1, 'open'],
    ['Confirm the concrete pump for the slab pour', 'Pump and two trucks, 6:30 am.', 2, 0, [3], 0, 2, 'open'],
  ];
  const at = (i: number) => people[i % people.length];
  // The thread shows each author's name as written then (customUpdateTask stores it the same way).
  const named = await tx
    .select({ id: employees.id, name: sql<string>`concat_ws(' ', ${employees.firstname}, ${employees.lastname})` })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant_uuid), inArray(employees.id, people)));
  const nameOf = (id: number) => named.find((n) => n.id === id)?.name ?? null;
  const insert = async (values: (typeof tasks.$inferInsert)[], assignees: number[][], author: number[]) => {
    const made = await tx.insert(tasks).values(values).returning({ id: tasks.id, thread: tasks.task_thread_uuid, status: tasks.status });
    const links = made.flatMap((m, i) => [...new Set(assignees[i])].map((employees_id) => ({ tenant_uuid, tasks_id: m.id, employees_id })));
    if (links.length) await tx.insert(taskAssignees).values(links);
    await tx.insert(taskThreads).values(
      made.flatMap((m, i) => [
        {
          tenant_uuid,
          task_thread_uuid: m.thread,
          tasks_id: m.id,
          task_action_id: TASK_ACTION.created,
          employees_id: author[i],
          user_name: nameOf(author[i]),
          data: { assignees: assignees[i] },
        },
        ...(m.status !== 'open'
          ? [
              {
                tenant_uuid,
                task_thread_uuid: m.thread,
                tasks_id: m.id,
                task_action_id: TASK_ACTION.status,
                employees_id: assignees[i][0] ?? author[i],
                user_name: nameOf(assignees[i][0] ?? author[i]),
                data: { status: m.status },
                body: m.status === 'done' ? 'Done.' : null,
              },
            ]
          : []),
      ]),
    );
    return made;
  };
  const usable = rows.filter(([, , job]) => jobs[job] != null);
  await insert(
    usable.map(([title, body, job, creator, who, due, priority, status]) => ({
      tenant_uuid,
      title,
      body,
      rel_table: 'jobs',
      rel_id: jobs[job],
      jobs_id: jobs[job],
      created_by: at(creator),
      due_date: due === null ? null : addDays(today, due),
      priority,
      status,
      status_by: status === 'open' ? null : at(who[0]),
      status_on: status === 'open' ? null : new Date().toISOString(),
    })),
    usable.map(([, , , , who]) => who.map(at)),
    usable.map(([, , , creator]) => at(creator)),
  );
  if (prePour && jobs[0] != null) {
    const [parent] = await insert(
      [
        {
          tenant_uuid,
          title: prePour.name,
          body: 'Walk the deck before the trucks are called.',
          rel_table: 'jobs',
          rel_id: jobs[0],
          jobs_id: jobs[0],
          templates_id: prePour.id,
          created_by: at(3),
          due_date: addDays(today, 1),
        },
      ],
      [[at(5), at(7)]],
      [at(3)],
    );
    const items = ['Forms braced and oiled', 'Rebar tied, chairs set', 'Embeds and sleeves in place', 'Inspector sign-off'];
    await insert(
      items.map((title, i) => ({
        tenant_uuid,
        title,
        parent_task: parent.id,
        jobs_id: jobs[0],
        created_by: at(3),
        due_date: addDays(today, 1),
        priority: i === 3 ? 2 : 1,
        status: (i < 2 ? 'done' : 'open') as TaskStatus,
        status_by: i < 2 ? at(5) : null,
        status_on: i < 2 ? new Date().toISOString() : null,
      })),
      items.map(() => [at(5), at(7)]),
      items.map(() => at(3)),
    );
  }
}
