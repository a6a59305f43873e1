import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * A database of many companies (issue 49), written set-based in SQL so PostgreSQL's planner has a real choice: a few
 * hundred companies, most of them small and a few large, each with people, jobs, cost codes, time, receipts, tasks,
 * tools, a catalogue, orders, daily reports, a schedule, announcements and an inbox in proportion to its people.
 * bench/seed.ts writes one large company through drizzle in batches; this writes ~300 in one transaction of
 * INSERT … SELECT over generate_series, in seconds.
 *
 * The statements run as the migrating owner (a superuser in the tests) with `session_replication_role = replica`,
 * which skips the foreign-key checks and the bookkeeping triggers row by row: every reference is drawn from the same
 * company's ids (the `seed_keys` arrays below), and the trigger-kept totals are written once at the end.
 */

/** People per seeded company: three large ones, a dozen medium, the rest small (4 to 20). */
const PEOPLE = `case when n <= 3 then 250 when n <= 15 then 60 else 4 + (n * 7) % 17 end`;

export type ManyCompanies = {
  /** Companies written besides the ones given (`also`). */
  companies: number;
  /** Rows per table after the seed, for the report and the test's sanity checks. */
  rows: Record<string, number>;
};

/**
 * Seeds `companies` new companies, and fills each company of `also` (already made, e.g. by the test helpers with its
 * signed-in admin) to `people` people with the same proportions, and ends with ANALYZE.
 */
export async function seedManyCompanies(
  db: Db,
  opts: { companies?: number; also?: { tenantUuid: string; people: number }[] } = {},
): Promise<ManyCompanies> {
  const companies = opts.companies ?? 300;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`create temp table seed_tenants (tenant_uuid uuid primary key, n int not null, people int not null) on commit drop`,
    );
    await tx.execute(sql`insert into seed_tenants select gen_random_uuid(), n, ${sql.raw(PEOPLE)}
      from generate_series(1, ${companies}::int) n`);
    await tx.execute(sql`insert into tenants (tenant_uuid, company, created_on)
      select tenant_uuid, 'Company ' || n, now() - n * interval '3 days' from seed_tenants`);
    for (const [i, c] of (opts.also ?? []).entries()) {
      await tx.execute(sql`insert into seed_tenants values (${c.tenantUuid}::uuid, ${companies + 1 + i}::int, ${c.people}::int)`);
    }
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
  });
  // ANALYZE, not VACUUM (ANALYZE): the statistics a database in use has, in a third of the time. Without the visibility
  // map an index-only scan is costed as visiting the heap, which makes the planner, if anything, readier to read a
  // table whole: the stricter setting for a test of plans.
  await db.execute(sql`analyze`);
  const counts = (await db.execute(sql`
    select c.relname as name, c.reltuples::bigint as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'public' and c.relkind = 'r'
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped)`)) as unknown as {
    rows: { name: string; n: string | number }[];
  };
  return { companies, rows: Object.fromEntries(counts.rows.map((r) => [r.name, Number(r.n)])) };
}

/** `arr[…]`: a pseudo-random member of a company's id array, stable for the same `seed` expression. */
const pick = (arr: string, seed: string) => `${arr}[1 + ((${seed}) % cardinality(${arr}))]`;

const FIRST = `(array['Ana','Ben','Carla','Dev','Elena','Femi','Gus','Hana','Ivan','Jo','Kai','Luz','Marco','Nia','Omar','Pia'])`;
const LAST = `(array['Garcia','Smith','Nguyen','Okafor','Rossi','Kowalski','Haddad','Lopez','Brown','Tanaka','Silva','Moreau','Ivanova'])`;
const TRADES = `(array['Carpenter','Electrician','Laborer','Plumber','Operator','Ironworker','Painter'])`;

/** Run in order, in the seed's transaction, after `seed_tenants` holds every company to fill. */
const STATEMENTS: string[] = [
  // --- People and how they are grouped -------------------------------------------------------------------------------
  `insert into employees (tenant_uuid, firstname, lastname, email, cellphone, trades, status, is_admin, cognito_uuid,
     cognito_status, hiredate, city, state, created_on)
   select t.tenant_uuid, ${FIRST}[1 + g % 16], ${LAST}[1 + (g * 7 + t.n) % 13], 'p' || g || '.c' || t.n || '@example.test',
     '555' || lpad((g * 131 + t.n)::text, 7, '0'), ${TRADES}[1 + (g + t.n) % 7], case when g % 17 = 0 then 0 else 1 end,
     g = 1 and t.n % 5 = 0, case when g % 3 <> 0 then gen_random_uuid()::text end,
     case when g % 3 <> 0 then 'CONFIRMED' end, current_date - (g * 37 + t.n) % 4000, 'Springfield', 'IL',
     now() - (g % 900) * interval '1 day'
   from seed_tenants t
   cross join lateral generate_series(1, t.people - (select count(*) from employees e where e.tenant_uuid = t.tenant_uuid)::int) g`,
  `insert into departments (tenant_uuid, department, status)
   select tenant_uuid, (array['Field','Office','Safety','Shop','Estimating','Fleet'])[g], case when g = 6 then 0 else 1 end
   from seed_tenants cross join lateral generate_series(1, least(6, 3 + people / 40)) g`,
  `insert into divisions (tenant_uuid, division, status)
   select tenant_uuid, (array['Commercial','Residential','Civil','Service'])[g], 1
   from seed_tenants cross join lateral generate_series(1, least(4, 2 + people / 80)) g`,
  `insert into usergroups (tenant_uuid, usergroup, status)
   select tenant_uuid, (array['Foremen','Office','Field','Tool room'])[g], case when g = 4 then 0 else 1 end
   from seed_tenants cross join generate_series(1, 4) g`,
  `insert into usergroup_permissions (tenant_uuid, usergroups_id, permission)
   select g.tenant_uuid, g.id, p from usergroups g
   cross join unnest(array['basic_access','timecards_basic','receipts_basic','tool20_basic','tasks_basic',
     'project_notes_basic','ordering_basic','scheduling_basic']) p
   where g.tenant_uuid in (select tenant_uuid from seed_tenants)`,
  `insert into tenants_modules (tenant_uuid, modules_id, status)
   select t.tenant_uuid, m.id, 1 from seed_tenants t cross join modules m
   where not exists (select 1 from tenants_modules x where x.tenant_uuid = t.tenant_uuid and x.modules_id = m.id)`,
  `insert into tenants_pricing (tenant_uuid, pricing_id, status)
   select t.tenant_uuid, p.id, 1 from seed_tenants t cross join pricing p where p.id = 1 or (p.id + t.n) % 3 = 0`,
  `insert into tenant_settings (tenant_uuid, codx_tenant_options_values_id, custom_value, pass_through_value)
   select t.tenant_uuid, o.id, o.default_custom_value, o.default_pass_through_value
   from seed_tenants t cross join codx_tenant_options_values o where (t.n + o.id) % 4 <> 0`,
  `insert into punch_settings (tenant_uuid) select tenant_uuid from seed_tenants t
   where not exists (select 1 from punch_settings p where p.tenant_uuid = t.tenant_uuid)`,

  // --- Jobs, cost codes, containers, the catalogue's parents ---------------------------------------------------------
  `insert into jobs (tenant_uuid, job, job_abbr, customer, street, city, state, start_date, end_date, status, created_on)
   select tenant_uuid, (array['Riverside','Oak Street','Harbor','Mill','Pine Ridge','Union'])[1 + g % 6] || ' ' ||
     (array['Medical','School','Lofts','Warehouse','Bridge','Plaza'])[1 + (g * 5) % 6] || ' ' || g,
     case when g % 3 <> 0 then 'J' || lpad(g::text, 4, '0') end, 'Customer ' || (g % 9), g || ' Main St', 'Springfield', 'IL',
     current_date - (g * 11) % 400, current_date + (g * 13) % 300, case when g % 9 = 0 then 0 else 1 end,
     now() - (g * 11 % 400) * interval '1 day'
   from seed_tenants cross join lateral generate_series(1, 2 + people / 3) g`,
  `insert into costcodes (tenant_uuid, costcode, description, defaultcode, status)
   select tenant_uuid, lpad((g * 100)::text, 5, '0'), (array['General conditions','Sitework','Concrete','Masonry','Framing',
     'Roofing','Drywall','Electrical','Plumbing','HVAC','Finishes','Cleanup'])[1 + g % 12], g = 1, case when g % 13 = 0 then 0 else 1 end
   from seed_tenants cross join lateral generate_series(1, 10 + people / 5) g`,
  `insert into containers (tenant_uuid, container_name, hq, status)
   select tenant_uuid, case when g = 1 then 'HQ' when g % 2 = 0 then 'Truck ' || g else 'Job box ' || g end, g = 1,
     case when g % 11 = 0 then 0 else 1 end
   from seed_tenants t cross join lateral generate_series(1, 2 + people / 8) g
   where g > 1 or not exists (select 1 from containers c where c.tenant_uuid = t.tenant_uuid and c.hq)`,
  `insert into vendors (tenant_uuid, name, contact_name, emails, phone, insurance_expires, status)
   select tenant_uuid, (array['Ace','Builders','Metro','Summit','Valley','Prime'])[1 + g % 6] || ' Supply ' || g, 'Sam ' || g,
     'orders' || g || '@vendor.test', '555-01' || lpad(g::text, 2, '0'), current_date + (g * 40 - 200), case when g % 10 = 0 then 0 else 1 end
   from seed_tenants cross join lateral generate_series(1, 3 + people / 8) g`,
  `insert into item_types (tenant_uuid, partclass, status)
   select tenant_uuid, (array['Fasteners','Lumber','Electrical','Plumbing','Concrete','Safety'])[g], 1
   from seed_tenants cross join generate_series(1, 6) g`,
  `insert into item_classes (tenant_uuid, partclass, status)
   select tenant_uuid, (array['Stock','Special order','Rental','Consumable'])[g], 1
   from seed_tenants cross join generate_series(1, 4) g`,
  `insert into announcements (tenant_uuid, title, body, start_date, exp_date, status, is_default, requires_ack, audience, created_on)
   select tenant_uuid, 'Notice ' || g, 'Site safety and schedule notes.', current_date - g * 9, current_date - g * 9 + 30,
     case when g % 7 = 0 then 0 else 1 end, g = 1, g % 3 = 0, 'everyone', now() - g * 9 * interval '1 day'
   from seed_tenants cross join lateral generate_series(1, 3 + people / 15) g`,
  `insert into join_links (tenant_uuid, code, name, status)
   select tenant_uuid, md5(tenant_uuid::text || g), 'Link ' || g, case when g = 2 then 0 else 1 end
   from seed_tenants cross join generate_series(1, 2) g`,
  `insert into checklist_templates (tenant_uuid, name, description, items, status)
   select tenant_uuid, 'Template ' || g, 'Steps', '[{"title":"Walk the site"},{"title":"Photos"}]'::jsonb, case when g = 3 then 0 else 1 end
   from seed_tenants cross join generate_series(1, 3) g`,

  // Every company's ids, for the rows below to reference (always within their own company).
  `create temp table seed_keys on commit drop as
   select t.tenant_uuid, t.n, t.people,
     (select array_agg(id order by id) from employees x where x.tenant_uuid = t.tenant_uuid) as emp,
     (select array_agg(id order by id) from jobs x where x.tenant_uuid = t.tenant_uuid) as job,
     (select array_agg(id order by id) from costcodes x where x.tenant_uuid = t.tenant_uuid) as cc,
     (select array_agg(id order by id) from departments x where x.tenant_uuid = t.tenant_uuid) as dep,
     (select array_agg(id order by id) from divisions x where x.tenant_uuid = t.tenant_uuid) as div,
     (select array_agg(id order by id) from usergroups x where x.tenant_uuid = t.tenant_uuid) as grp,
     (select array_agg(id order by id) from containers x where x.tenant_uuid = t.tenant_uuid) as box,
     (select array_agg(id order by id) from vendors x where x.tenant_uuid = t.tenant_uuid) as ven,
     (select array_agg(id order by id) from item_types x where x.tenant_uuid = t.tenant_uuid) as ity,
     (select array_agg(id order by id) from item_classes x where x.tenant_uuid = t.tenant_uuid) as icl,
     (select array_agg(id order by id) from announcements x where x.tenant_uuid = t.tenant_uuid) as ann,
     (select array_agg(id order by id) from join_links x where x.tenant_uuid = t.tenant_uuid) as lnk
   from seed_tenants t`,
  `alter table seed_keys add primary key (tenant_uuid)`,

  // --- Memberships and job teams -------------------------------------------------------------------------------------
  `insert into department_members (tenant_uuid, departments_id, employees_id)
   select k.tenant_uuid, ${pick('k.dep', 'e')}, e from seed_keys k cross join unnest(k.emp) e`,
  `insert into division_members (tenant_uuid, divisions_id, employees_id)
   select k.tenant_uuid, ${pick('k.div', 'e * 3')}, e from seed_keys k cross join unnest(k.emp) e where e % 4 <> 0`,
  `insert into usergroup_users (tenant_uuid, usergroups_id, employees_id)
   select k.tenant_uuid, ${pick('k.grp', 'e')}, e from seed_keys k cross join unnest(k.emp) e`,
  `insert into jobs_foremen (tenant_uuid, jobs_id, employees_id)
   select k.tenant_uuid, j, ${pick('k.emp', 'j * 7')} from seed_keys k cross join unnest(k.job) j`,
  `insert into jobs_pms (tenant_uuid, jobs_id, employees_id)
   select k.tenant_uuid, j, ${pick('k.emp', 'j * 11 + 1')} from seed_keys k cross join unnest(k.job) j`,
  `insert into jobs_costcodes (tenant_uuid, jobs_id, costcodes_id, hrsbdg, matbdg, labbdg, status)
   select k.tenant_uuid, j, c, 40 + (j * c) % 400, 1000 + (j + c) % 9000, 5000, case when (j + c) % 19 = 0 then 0 else 1 end
   from seed_keys k cross join unnest(k.job) j
   cross join lateral (select distinct ${pick('k.cc', 'j * 3 + g * 5')} as c from generate_series(1, 8) g) cs`,
  `insert into notification_settings (tenant_uuid, employees_id, email_on)
   select k.tenant_uuid, e, '{task_assigned}' from seed_keys k cross join unnest(k.emp) e where e % 4 = 0`,
  `insert into custom_links (tenant_uuid, employees_id, title, url, status)
   select k.tenant_uuid, ${pick('k.emp', 'g * 13')}, 'Link ' || g, 'https://example.test/' || g, 1
   from seed_keys k cross join lateral generate_series(1, 1 + k.people / 5) g`,

  // --- Time: weekly cards for six weeks, two entries a card; clock segments ------------------------------------
  `insert into users_timecard (tenant_uuid, employees_id, payperiod_start_date, payperiod_end_date, signed_on, signed_by, created_on,
     entries)
   select k.tenant_uuid, e, d, d + 6, case when w > 1 and e % 5 <> 0 then d + 7 end, case when w > 1 and e % 5 <> 0 then e end, d, 2
   from seed_keys k cross join unnest(k.emp) e cross join generate_series(0, 5) w
   cross join lateral (select (date_trunc('week', current_date)::date - 7 * w) as d) p`,
  `insert into timecard_entries (tenant_uuid, users_timecard_id, employees_id, timecard_date, jobs_id, costcodes_id, hours, note, created_by, created_on)
   select c.tenant_uuid, c.id, c.employees_id, c.payperiod_start_date + g * 3, ${pick('k.job', 'c.employees_id + g')},
     ${pick('k.cc', 'c.employees_id * 3 + g')}, 4 + (c.id + g) % 6, case when g = 0 then 'Framing level ' || (c.id % 4) end,
     c.employees_id, c.payperiod_start_date + g * 3
   from users_timecard c join seed_keys k on k.tenant_uuid = c.tenant_uuid cross join generate_series(0, 1) g`,
  `insert into punch_segments (tenant_uuid, employees_id, jobs_id, costcodes_id, kind, started_at, ended_at, start_location_status,
     start_outside_fence, punched_by, missed_clock_out)
   select k.tenant_uuid, e, ${pick('k.job', 'e + g')}, ${pick('k.cc', 'e + g')}, case when g % 4 = 3 then 'BREAK' else 'WORK' end,
     s, case when g = 0 and e % 7 = 0 then null else s + interval '4 hours' end, 'GIVEN', (e + g) % 13 = 0, e, (e + g) % 29 = 0
   from seed_keys k cross join unnest(k.emp) e cross join generate_series(0, 3) g
   cross join lateral (select date_trunc('day', now()) - g * interval '1 day' + interval '7 hours' as s) p`,
  `insert into moods (tenant_uuid, employees_id, mood_date, mood, hurt, jobs_id)
   select k.tenant_uuid, e, current_date - g, 1 + (e + g) % 5, (e + g) % 97 = 0, ${pick('k.job', 'e')}
   from seed_keys k cross join unnest(k.emp) e cross join generate_series(0, 2) g`,

  // --- The schedule: two weeks around today, most people most weekdays ---------------------------------------------
  `insert into scheduled_labor (tenant_uuid, jobs_id, employees_id, date, event_type, confirmation_status, created_by)
   select k.tenant_uuid, case when (e + g) % 23 = 0 then null else ${pick('k.job', 'e / 3 + g / 7')} end, e, current_date - 7 + g,
     case when (e + g) % 23 = 0 then 'Vacation' else 'Work' end,
     (array['pending','confirmed','declined'])[1 + (e + g) % 3], k.emp[1]
   from seed_keys k cross join unnest(k.emp) e cross join generate_series(0, 13) g
   where extract(isodow from current_date - 7 + g) < 6 and (e + g) % 4 <> 0`,

  // --- Receipts, their splits and files -----------------------------------------------------------------------------
  `insert into receipts (tenant_uuid, receipt_date, status, employees_id, jobs_id, costcodes_id, vendor, amount_cents, tax_cents,
     payment_method, notes, created_by, created_on)
   select k.tenant_uuid, current_date - (g * 3 + k.n) % 200, case when g % 11 = 0 then 0 else 1 end, ${pick('k.emp', 'g * 7')},
     case when g % 9 = 0 then null else ${pick('k.job', 'g')} end, case when g % 7 = 0 then null else ${pick('k.cc', 'g * 3')} end,
     'Store ' || (g % 17), 500 + (g * 137) % 90000, 100, 'card', case when g % 5 = 0 then 'Fuel' end, ${pick('k.emp', 'g * 7')},
     now() - ((g * 3 + k.n) % 200) * interval '1 day'
   from seed_keys k cross join lateral generate_series(1, k.people * 4) g`,
  `insert into receipt_splits (tenant_uuid, receipts_id, jobs_id, costcodes_id, amount_cents)
   select r.tenant_uuid, r.id, ${pick('k.job', 'r.id + s')}, ${pick('k.cc', 'r.id')}, greatest(1, r.amount_cents / 2)
   from receipts r join seed_keys k on k.tenant_uuid = r.tenant_uuid cross join generate_series(0, 1) s where r.id % 10 = 0`,
  `insert into files (tenant_uuid, original_name, mimetype, ext, employees_id, server_filename, source_table, source_uuid, bytes,
     created_by, thumbnail_base64)
   select r.tenant_uuid, 'receipt-' || r.id || '.jpg', 'image/jpeg', 'jpg', r.employees_id, gen_random_uuid() || '.jpg', 'receipts',
     r.uuid, 20000 + r.id % 5000, r.employees_id, 'data:image/jpeg;base64,AAAA'
   from receipts r where r.tenant_uuid in (select tenant_uuid from seed_tenants) and r.id % 3 = 0`,

  // --- Tasks, who they are assigned to, their threads ---------------------------------------------------------------
  `insert into tasks (tenant_uuid, title, body, jobs_id, status, priority, due_date, created_by, created_on, rel_table, rel_id)
   select k.tenant_uuid, 'Task ' || g, 'Do the thing on site.', case when g % 8 = 0 then null else ${pick('k.job', 'g * 5')} end,
     (array['open','in_progress','done','done'])[1 + g % 4], g % 3, current_date + (g % 60) - 30, ${pick('k.emp', 'g')},
     now() - (g % 300) * interval '1 day', case when g % 8 = 0 then 'employees' end, case when g % 8 = 0 then ${pick('k.emp', 'g')} end
   from seed_keys k cross join lateral generate_series(1, k.people * 4) g`,
  `update tasks t set parent_task = p.id from tasks p
   where t.tenant_uuid = p.tenant_uuid and p.id = t.id - 1 and t.id % 10 = 0 and t.tenant_uuid in (select tenant_uuid from seed_tenants)`,
  `insert into task_assignees (tenant_uuid, tasks_id, employees_id)
   select t.tenant_uuid, t.id, ${pick('k.emp', 't.id * 3')} from tasks t join seed_keys k on k.tenant_uuid = t.tenant_uuid`,
  `insert into task_threads (tenant_uuid, task_thread_uuid, tasks_id, task_action_id, body, employees_id, user_name, created_on)
   select t.tenant_uuid, t.task_thread_uuid, t.id, case when g = 0 then 1 else 2 end, case when g = 0 then 'Created' else 'On it' end,
     t.created_by, 'Someone', t.created_on + g * interval '1 hour'
   from tasks t cross join generate_series(0, 1) g where t.tenant_uuid in (select tenant_uuid from seed_tenants) and (g = 0 or t.id % 3 = 0)`,

  // --- Tools: two per person, five moves each, a reservation for one in five ----------------------------------------
  `insert into tools (tenant_uuid, tool_number, name, category, make, serial, status, container_id, created_by)
   select k.tenant_uuid, 'T-' || lpad(g::text, 5, '0'),
     (array['Hammer drill','Circular saw','Impact driver','Laser level','Generator','Ladder'])[1 + g % 6] || ' #' || g,
     (array['Power tools','Survey','Access','Power','Concrete'])[1 + g % 5], 'Make', 'SN' || g, case when g % 31 = 0 then 0 else 1 end,
     ${pick('k.box', 'g * 7')}, k.emp[1]
   from seed_keys k cross join lateral generate_series(1, k.people * 2) g`,
  `insert into tool_logs (tenant_uuid, tools_id, from_container_id, to_container_id, employees_id, note, created_on)
   select t.tenant_uuid, t.id, ${pick('k.box', 't.id + g')}, ${pick('k.box', 't.id + g + 1')}, ${pick('k.emp', 't.id + g')},
     case when g % 3 = 0 then 'Loaded for the week' end, now() - (40 - g * 8) * interval '1 day' - (t.id % 600) * interval '1 minute'
   from tools t join seed_keys k on k.tenant_uuid = t.tenant_uuid cross join generate_series(0, 4) g`,
  `insert into reservations (tenant_uuid, tools_id, start_date, end_date, status, is_completed, employees_id, jobs_id, note, created_by)
   select t.tenant_uuid, t.id, current_date + (t.id % 40) - 20, current_date + (t.id % 40) - 15, 1, t.id % 3 = 0,
     ${pick('k.emp', 't.id')}, ${pick('k.job', 't.id')}, 'Kit', k.emp[1]
   from tools t join seed_keys k on k.tenant_uuid = t.tenant_uuid where t.id % 5 = 0`,

  // --- The catalogue and orders -------------------------------------------------------------------------------------
  `insert into items (tenant_uuid, item, active, status, acc_id, description, unit, unit_cost_cents, vendor_id, costcodes_id,
     item_type_id, item_class_id, is_bundle)
   select k.tenant_uuid, (array['Hex bolt','Lag screw','Joist hanger','Plywood','Stud','Rebar','Conduit','Pipe','Drywall'])[1 + g % 9]
     || ' ' || (g % 7 + 1) || '/8 #' || g, case when g % 15 = 0 then 'false' else 'true' end, case when g % 15 = 0 then 0 else 1 end,
     'A' || g, 'Stock item', 'ea', 25 + (g * 37) % 20000, ${pick('k.ven', 'g')}, ${pick('k.cc', 'g')}, ${pick('k.ity', 'g')},
     ${pick('k.icl', 'g')}, g % 50 = 0
   from seed_keys k cross join lateral generate_series(1, k.people * 4) g`,
  `insert into bundle_items (tenant_uuid, bundle_items_id, items_id, quantity)
   select b.tenant_uuid, b.id, b.id - g, g from items b cross join generate_series(1, 3) g
   where b.is_bundle and b.tenant_uuid in (select tenant_uuid from seed_tenants)
     and exists (select 1 from items i where i.tenant_uuid = b.tenant_uuid and i.id = b.id - g)`,
  `insert into orders (tenant_uuid, po_number, order_date, deliver_date, status, to_emails, jobs_id, employees_id, vendor_id, notes,
     lines, total_cents, sent_on, sent_by, send_count)
   select k.tenant_uuid, 1000 + g, current_date - (g * 5 + k.n) % 300, current_date - (g * 5 + k.n) % 300 + 7,
     case when g % 12 = 0 then 0 else 1 end, 'orders@vendor.test', ${pick('k.job', 'g * 3')}, ${pick('k.emp', 'g')},
     ${pick('k.ven', 'g')}, 'Deliver to gate ' || (g % 4),
     '[{"item":"Hex bolt","quantity":10,"unit":"ea","unit_cost_cents":25}]'::jsonb, 250 + g % 10000,
     case when g % 3 <> 0 then now() - ((g * 5 + k.n) % 300) * interval '1 day' end, case when g % 3 <> 0 then ${pick('k.emp', 'g')} end,
     case when g % 3 <> 0 then 1 else 0 end
   from seed_keys k cross join lateral generate_series(1, k.people * 2) g`,

  // --- Daily reports: one a working day per active job over the last weeks ------------------------------------------
  `insert into jobs_notes (tenant_uuid, jobs_id, employees_id, for_date, status, email_to, work_performed, weather, manpower, sent_on)
   select k.tenant_uuid, j, ${pick('k.emp', 'j * 7')}, current_date - g, case when (j + g) % 13 = 0 then 0 else 1 end,
     'office@example.test', 'Poured footings, framed level ' || (g % 4), 'Clear',
     '[{"employees_id":1,"hours":8}]'::jsonb, case when g % 2 = 0 then now() - g * interval '1 day' end
   from seed_keys k cross join unnest(k.job) j cross join generate_series(0, 40) g
   where extract(isodow from current_date - g) < 6 and (j + g) % 4 = 0`,

  // --- Announcements read, the inbox, the assistant, join requests, issues -----------------------------------------
  `insert into announcement_receipts (tenant_uuid, announcements_id, employees_id, seen_on, acked_on)
   select k.tenant_uuid, a, e, now() - interval '2 days', case when (a + e) % 2 = 0 then now() - interval '1 day' end
   from seed_keys k cross join unnest(k.ann) a cross join unnest(k.emp) e where (a + e) % 3 <> 0`,
  `insert into notifications (tenant_uuid, employees_id, kind, title, link, ref_id, count, read_at, created_on, updated_on)
   select k.tenant_uuid, e, (array['announcement','schedule_changed','task_assigned','task_comment','task_due','reservation_due'])[1 + g % 6],
     'Something changed ' || g, '/notifications', g, 1, case when g % 3 <> 0 then now() - g * interval '1 hour' end,
     now() - g * interval '5 hours', now() - g * interval '5 hours'
   from seed_keys k cross join unnest(k.emp) e cross join generate_series(1, 4) g`,
  `insert into chat_messages (tenant_uuid, employees_id, role, body, engine, created_on)
   select k.tenant_uuid, e, case when g % 2 = 0 then 'user' else 'assistant' end, 'Who is on Riverside tomorrow?', 'parser',
     now() - (10 - g) * interval '1 hour'
   from seed_keys k cross join unnest(k.emp) e cross join generate_series(0, 3) g where e % 3 = 0`,
  `insert into join_requests (tenant_uuid, join_links_id, cognito_uuid, username, firstname, lastname)
   select k.tenant_uuid, k.lnk[1], gen_random_uuid()::text, 'new' || g || '@example.test', 'New', 'Person ' || g
   from seed_keys k cross join lateral generate_series(1, 1 + k.n % 3) g`,
  `insert into issues (tenant_uuid, employees_id, user_name, user_email, subject, description)
   select k.tenant_uuid, k.emp[1], 'Someone', 'someone@example.test', 'Issue ' || g, 'It broke.'
   from seed_keys k cross join generate_series(1, 2) g`,

  // --- What the triggers keep (they were off; each card's count of entries, 2, was written with it) ----------------
  `update jobs_costcodes l set booked_minutes = x.m from (
     select tenant_uuid, jobs_id, costcodes_id, sum(round(hours * 60))::int as m from timecard_entries group by 1, 2, 3) x
   where l.tenant_uuid = x.tenant_uuid and l.jobs_id = x.jobs_id and l.costcodes_id = x.costcodes_id`,
  `update jobs j set budget_hours = x.h, booked_minutes = x.m from (
     select tenant_uuid, jobs_id, sum(hrsbdg) as h, sum(booked_minutes)::int as m from jobs_costcodes where status = 1 group by 1, 2) x
   where j.tenant_uuid = x.tenant_uuid and j.id = x.jobs_id`,
];
