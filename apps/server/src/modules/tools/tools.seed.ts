import { addDays, isoDay } from '@groundwork/core/pay-periods';
import { formatToolNumber } from '@groundwork/core/tools';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { createHqContainer } from './tools.hq.js';
import { containers, reservations, toolLogs, tools } from './tools.table.js';

const KINDS: [string, string, string][] = [
  ['Hammer drill', 'Power tools', 'DeWalt'],
  ['Circular saw', 'Power tools', 'Makita'],
  ['Impact driver', 'Power tools', 'Milwaukee'],
  ['Laser level', 'Survey', 'Bosch'],
  ['Concrete vibrator', 'Concrete', 'Wacker'],
  ['Generator 5kW', 'Power', 'Honda'],
  ['Extension ladder 24ft', 'Access', 'Werner'],
  ['Rotary hammer', 'Power tools', 'Hilti'],
  ['Reciprocating saw', 'Power tools', 'Milwaukee'],
  ['Torque wrench', 'Hand tools', 'Snap-on'],
];

/**
 * The demo company's tools (issue 16): the HQ shop, three trucks (Luis's, Tom's and a spare), two job boxes,
 * 60 tools with a few weeks of moves, and reservations (one overdue, one next week). `people` and `jobs` are in
 * the demo's order (people[3] Luis Hernandez, people[4] Tom Nguyen).
 */
export async function seedDemoTools(tx: Tx, tenant_uuid: string, people: number[], jobs: number[], today = isoDay(new Date())) {
  const hq = await createHqContainer(tx, tenant_uuid);
  await tx
    .update(containers)
    .set({ container_name: 'HQ Shop' })
    .where(and(eq(containers.tenant_uuid, tenant_uuid), eq(containers.id, hq)));
  const made = await tx
    .insert(containers)
    .values([
      { tenant_uuid, container_name: 'Truck 1 (Luis)', employees_id: people[3] ?? null },
      { tenant_uuid, container_name: 'Truck 2 (Tom)', employees_id: people[4] ?? null },
      { tenant_uuid, container_name: 'Truck 3' },
      { tenant_uuid, container_name: 'Job box A', jobs_id: jobs[0] ?? null },
      { tenant_uuid, container_name: 'Job box B', jobs_id: jobs[1] ?? null },
    ])
    .returning({ id: containers.id, name: containers.container_name });
  const places = [hq, ...made.map((c) => c.id)];
  const names = new Map([[hq, 'HQ Shop'], ...made.map((c) => [c.id, c.name] as [number, string])]);
  const rows = Array.from({ length: 60 }, (_, i) => {
    const [name, category, make] = KINDS[i % KINDS.length];
    return {
      tenant_uuid,
      tool_number: formatToolNumber(i + 1),
      name: `${name} #${Math.floor(i / KINDS.length) + 1}`,
      category,
      make,
      model: `M-${100 + i}`,
      serial: `SN${String(48_213 + i * 7)}`,
      purchase_date: addDays(today, -(200 + i * 11)),
      purchase_cost_cents: 8_900 + ((i * 3_713) % 90_000),
      status: i === 59 ? 0 : 1,
      container_id: hq,
      created_by: people[0] ?? null,
    };
  });
  const inserted = await tx.insert(tools).values(rows).returning({ id: tools.id });
  // A few weeks of moves: each tool goes out once or twice and most come back; the last move is where it is.
  const movers = [people[0], people[3], people[4]].filter((p): p is number => p != null);
  for (const [i, tool] of inserted.entries()) {
    let at = hq;
    const hops = 1 + (i % 3);
    for (let h = 0; h < hops; h++) {
      const to = h === hops - 1 && i % 4 === 0 ? hq : places[1 + ((i + h) % (places.length - 1))];
      if (to === at) continue;
      const when = new Date(`${addDays(today, -(21 - h * 6 - (i % 5)))}T${String(7 + (i % 9)).padStart(2, '0')}:15:00Z`).toISOString();
      const who = movers[(i + h) % movers.length] ?? null;
      const note = h === 0 ? 'Loaded for the week' : null;
      const [log] = await tx
        .insert(toolLogs)
        .values({ tenant_uuid, tools_id: tool.id, from_container_id: at, to_container_id: to, employees_id: who, note, created_on: when })
        .returning({ id: toolLogs.id });
      await tx
        .update(tools)
        .set({
          container_id: to,
          last_log: {
            log_id: log.id,
            from_container_id: at,
            to_container_id: to,
            container_name: names.get(to) ?? '',
            employees_id: who,
            employee_name: null,
            moved_on: when,
            note,
          },
        })
        .where(and(eq(tools.tenant_uuid, tenant_uuid), eq(tools.id, tool.id)));
      at = to;
    }
  }
  // last_log carries the mover's name, as a real move writes it.
  await tx.execute(sql`
    update tools t set last_log = jsonb_set(t.last_log, '{employee_name}', to_jsonb(trim(concat_ws(' ', e.firstname, e.lastname))))
    from employees e
    where t.tenant_uuid = ${tenant_uuid} and e.tenant_uuid = t.tenant_uuid and e.id = (t.last_log->>'employees_id')::int`);
  // Reservations: one overdue (past end, not picked back up), two next week, one completed.
  const next = addDays(today, 7 - new Date(`${today}T00:00:00Z`).getUTCDay() + 1);
  await tx.insert(reservations).values([
    {
      tenant_uuid,
      tools_id: inserted[4].id,
      start_date: addDays(today, -6),
      end_date: addDays(today, -2),
      employees_id: people[4] ?? null,
      jobs_id: jobs[1] ?? null,
      checked_out_on: addDays(today, -6),
    },
    {
      tenant_uuid,
      tools_id: inserted[5].id,
      start_date: next,
      end_date: addDays(next, 4),
      jobs_id: jobs[0] ?? null,
      employees_id: people[3] ?? null,
    },
    { tenant_uuid, tools_id: inserted[6].id, start_date: next, end_date: addDays(next, 2), jobs_id: jobs[2] ?? null },
    {
      tenant_uuid,
      tools_id: inserted[7].id,
      start_date: addDays(today, -20),
      end_date: addDays(today, -15),
      employees_id: people[3] ?? null,
      is_completed: true,
      checked_out_on: addDays(today, -20),
      checked_in_on: addDays(today, -15),
    },
  ]);
}
