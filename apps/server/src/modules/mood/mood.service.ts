import { type MoodGroup, type MoodGrouping, suppressSmall } from '@groundwork/core/mood';
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { departmentMembers } from '../announcements/announcements.table.js';
import { departments } from '../departments/departments.table.js';
import { employees } from '../employees/employees.table.js';
import { jobs } from '../jobs/jobs.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { taskAssignees, tasks } from '../tasks/tasks.table.js';
import { moods } from './mood.table.js';

/**
 * Aggregates of the company's check-ins between two days, by day, job or department. A group answered by fewer than
 * MIN_GROUP distinct people shows nothing but that it was withheld; no individual answer ever leaves this function.
 */
export async function moodGroups(tx: Tx, tenant: string, from: string, to: string, by: MoodGrouping): Promise<MoodGroup[]> {
  const key = by === 'day' ? sql`m.mood_date::text` : by === 'job' ? sql`coalesce(j.job, '')` : sql`coalesce(d.department, '')`;
  const joins =
    by === 'job'
      ? sql`join ${jobs} j on j.tenant_uuid = m.tenant_uuid and j.id = coalesce(m.jobs_id,
          (select s.jobs_id from ${scheduledLabor} s where s.tenant_uuid = m.tenant_uuid and s.employees_id = m.employees_id
             and s.date = m.mood_date and s.jobs_id is not null order by s.id limit 1))`
      : by === 'department'
        ? sql`join ${departmentMembers} dm on dm.tenant_uuid = m.tenant_uuid and dm.employees_id = m.employees_id
            join ${departments} d on d.tenant_uuid = dm.tenant_uuid and d.id = dm.departments_id`
        : sql``;
  const res = (await tx.execute(sql`
    select ${key} as key, count(distinct m.employees_id)::int as people, count(*)::int as answers,
      sum(m.mood)::int as sum, count(*) filter (where m.hurt)::int as hurt
    from ${moods} m ${joins}
    where m.tenant_uuid = ${tenant} and m.mood_date between ${from} and ${to}
    group by 1 order by 1`)) as unknown as { rows: { key: string; people: number; answers: number; sum: number; hurt: number }[] };
  return res.rows.map((r) => suppressSmall({ key: String(r.key), people: r.people, answers: r.answers, sum: r.sum, hurt: r.hurt }));
}

/** Who follows up an injury: the people in a department called Safety, else the company's admins. */
export async function safetyAdmins(tx: Tx, tenant: string): Promise<number[]> {
  const safety = await tx
    .select({ id: departmentMembers.employees_id })
    .from(departmentMembers)
    .innerJoin(
      departments,
      and(eq(departments.tenant_uuid, departmentMembers.tenant_uuid), eq(departments.id, departmentMembers.departments_id)),
    )
    .innerJoin(employees, and(eq(employees.tenant_uuid, departmentMembers.tenant_uuid), eq(employees.id, departmentMembers.employees_id)))
    .where(
      and(
        eq(departmentMembers.tenant_uuid, tenant),
        ilike(departments.department, 'safety'),
        eq(departments.status, 1),
        eq(employees.status, 1),
      ),
    );
  if (safety.length) return [...new Set(safety.map((s) => s.id))];
  const admins = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.is_admin, true), eq(employees.status, 1)));
  return admins.map((a) => a.id);
}

/** The follow-up task for an injury answer, assigned to the safety admins; returns its id. */
export async function injuryTask(
  tx: Tx,
  tenant: string,
  person: { id: number; name: string },
  day: string,
  assignees: number[],
): Promise<number> {
  const [task] = await tx
    .insert(tasks)
    .values({
      tenant_uuid: tenant,
      title: `Follow up: ${person.name} reported being hurt at work on ${day}`,
      body: `${person.name} answered the daily check-in saying they were hurt at work on ${day}. Call them, and record what happened.`,
      rel_table: 'employees',
      rel_id: person.id,
      priority: 2,
      due_date: day,
    })
    .returning({ id: tasks.id });
  if (assignees.length)
    await tx.insert(taskAssignees).values(assignees.map((employees_id) => ({ tenant_uuid: tenant, tasks_id: task.id, employees_id })));
  return task.id;
}

export async function personName(tx: Tx, tenant: string, id: number): Promise<string> {
  const [row] = await tx
    .select({ name: sql<string | null>`nullif(trim(concat_ws(' ', ${employees.firstname}, ${employees.lastname})), '')` })
    .from(employees)
    .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, id)));
  return row?.name ?? `#${id}`;
}
