import { sql } from 'drizzle-orm';
import {
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  getNamedType,
  isAbstractType,
  isLeafType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../graphql/schema.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { type ManyCompanies, seedManyCompanies } from '../testing/many-companies.js';
import { useTestApp } from '../testing/test-app.js';
import { testDbKind } from '../testing/test-db.js';

/**
 * Issue 49, "Plans that stay on the company's rows": on a database of many companies, every list operation's SQL is
 * planned onto `(tenant_uuid, …)` indexes and reads no other company's rows. Each operation below is called through
 * /graphql as the signed-in admin of one company; every statement it sends that reads a tenant table is EXPLAINed
 * inside the same walls the app uses (role app_user, app.tenant_uuid set), once with its parameters (the custom plan
 * PostgreSQL makes for the first executions) and once as a generic plan (what a named statement of the read path
 * settles on after five). Every scan of a tenant table must be an index scan (plain, index-only or bitmap) of an index
 * whose first column is tenant_uuid, with tenant_uuid in its Index Cond; a Seq Scan, or a tenant index walked without
 * the tenant, reads every company's rows.
 *
 * The generic plan is checked for every statement with parameters, named on the read path or not: stricter than what
 * runs, as a statement sent unnamed is always planned for its values.
 *
 * PostgreSQL only (skipped on PGlite): the question is what PostgreSQL's planner makes of many companies' rows, which
 * PGlite, one company's database on a laptop, is never asked; and the seed needs a superuser (session_replication_role).
 */

// Tenant tables that may be read whole, each with why. Only a table every company has at most one row of belongs here:
// it stays a few pages until there are thousands of companies, so PostgreSQL reads it whole instead of walking its
// primary key (tenant_uuid) as long as that is cheaper, and turns to the key by itself once it is not.
const SMALL_TABLES: ReadonlySet<string> = new Set<string>([
  // The company's punch settings (one row, primary key tenant_uuid): 301 rows in 3 pages here.
  'punch_settings',
]);

/** What the variants below need: the signed-in company's rows, chosen once the database is seeded. */
type Values = {
  today: string;
  monday: string;
  weekAgo: string;
  monthAgo: string;
  job: number;
  worker: number;
  tool: number;
  container: number;
  vendor: number;
  itemType: number;
  bundle: number;
  announcement: number;
  task: number;
  taskThread: string;
  tasks: number[];
};

type Variant = Record<string, unknown>;

/**
 * Every list and search of the API, with the arguments the web app calls it with: each variant is called, and its
 * second page when it has one. Arguments not given keep their defaults; tenant_uuid is always the signed-in company.
 */
const OPERATIONS: Record<string, (v: Values) => Variant[]> = {
  // The record factory's lists (graphql/record-operations.ts): a prepared statement without a filter, built SQL with one.
  listAnnouncements: () => [{}],
  listBundleItems: () => [{}],
  listContainers: () => [{}],
  listCostcodes: () => [{ limit: 1000 }, { filter: { eq: { status: 1 } } }],
  listCustomLinks: (v) => [{}, { filter: { eq: { employees_id: v.worker } } }],
  listDepartments: () => [{ limit: 500 }],
  listDivisions: () => [{ limit: 500 }],
  listEmployees: () => [{ limit: 1000 }, { filter: { eq: { status: 1 } } }],
  listFilecabinet: () => [{}],
  listItemclasses: () => [{ limit: 500 }],
  listItems: () => [{}],
  listItemtypes: () => [{ limit: 500 }],
  listJobs: () => [{ limit: 1000 }, { filter: { eq: { status: 1 } } }],
  listJobsCostcodes: (v) => [{}, { filter: { eq: { jobs_id: v.job } } }],
  listJobsForemen: (v) => [{}, { filter: { eq: { jobs_id: v.job } }, limit: 1000 }],
  listJobsPms: (v) => [{}, { filter: { eq: { jobs_id: v.job } }, limit: 1000 }],
  listJobsnotes: (v) => [{}, { filter: { eq: { jobs_id: v.job } } }],
  listOrders: (v) => [{}, { filter: { eq: { jobs_id: v.job } } }],
  listReceipts: (v) => [{}, { filter: { eq: { employees_id: v.worker } } }],
  listReservations: (v) => [{}, { filter: { eq: { tools_id: v.tool } } }],
  listScheduledLabor: (v) => [{}, { filter: { eq: { employees_id: v.worker } } }],
  listTimecardentry: (v) => [{}, { filter: { eq: { employees_id: v.worker } } }, { filter: { eq: { jobs_id: v.job } } }],
  listTimecards: (v) => [{}, { filter: { eq: { employees_id: v.worker } } }],
  listTools: (v) => [{}, { filter: { eq: { container_id: v.container } } }],
  listVendors: () => [{ limit: 200 }],

  // Lists of their own.
  listChatAudit: (v) => [{}, { employees_id: v.worker }],
  listChatMessages: () => [{}],
  listChecklistTemplates: () => [{}, { include_archived: true }],
  listCustomLinksPerUser: () => [{}],
  listFilteredCostcodes: (v) => [{ jobs_id: [v.job] }],
  listGlobalSettings: () => [{}],
  listHappydays: () => [{}],
  listJoinLinks: () => [{}],
  listJoinRequests: () => [{}],
  listMyNotifications: () => [{}, { unread_only: true }],
  listOnTheClock: () => [{}],
  listPGUserGroups: () => [{}],
  listProjectBudget: (v) => [{ project_id: v.job }],
  listPunches: (v) => [
    { date_from: v.weekAgo, date_to: v.today },
    { date_from: v.weekAgo, date_to: v.today, employees_id: v.worker },
    { date_from: v.weekAgo, date_to: v.today, jobs_id: v.job },
    { date_from: v.weekAgo, date_to: v.today, missed_clock_out: true },
  ],
  listTaskJobs: () => [{}],
  listTaskPeople: () => [{}],
  listTaskThreads: (v) => [{ task_thread_uuid: v.taskThread }, { tasks_ids: v.tasks }],
  listTasks: (v) => [
    {},
    { filter: { scope: 'mine' } },
    { filter: { scope: 'jobs' } },
    { filter: { jobs_id: v.job } },
    { filter: { overdue: true } },
    { filter: { parent_task: v.task } },
  ],
  listTenantsModules: () => [{}],
  listTenantsPricing: () => [{}],
  listTimecardJobs: () => [{}],
  listUsersNavigation: () => [{}],

  // Searches.
  searchAnnouncements: () => [{}, { status: 1 }],
  searchDailyReports: (v) => [{}, { jobs_id: v.job }, { from: v.monthAgo, to: v.today }],
  searchItems: (v) => [{}, { search: 'bolt' }, { item_type_id: v.itemType }, { vendor_id: v.vendor }, { active: true }],
  searchOrders: (v) => [{}, { search: 'gate' }, { jobs_id: v.job }, { vendor_id: v.vendor }, { mine: true }],
  searchReceipts: (v) => [{}, { jobs_id: v.job }, { employees_id: v.worker }, { from: v.monthAgo, to: v.today }],
  searchTools: (v) => [{}, { search: 'drill' }, { container_id: v.container }, { category: 'Survey' }],

  // Boards, the tool room, the inbox's neighbours and the other pages of rows.
  getScheduleBoard: (v) => [{ from: v.monday }],
  getMyCrews: (v) => [{ from: v.monday }],
  getMySchedule: (v) => [{ from: v.today }],
  getTimecardInfo: (v) => [{}, { employee_id: v.worker }, { fetch_all_timecards: true }, { fetch_crew_timecards: true }],
  toolLog: (v) => [{}, { tools_id: v.tool }],
  toolReservations: (v) => [{}, { tools_id: v.tool }, { overdue_only: true }],
  toolContainers: () => [{}, { status: 0 }],
  toolCategories: () => [{}],
  currentAnnouncements: (v) => [{ today: v.today }],
  announcementReaders: (v) => [{ id: v.announcement }],
  bundleParts: (v) => [{ bundle_items_id: v.bundle }],
  orderLookups: () => [{}],
  companyGraph: (v) => [{ today: v.today }, { jobs_id: v.job, today: v.today }],
  peopleReport: (v) => [{ today: v.today }],
  moodSummary: (v) => [
    { by: 'day', from: v.monthAgo, to: v.today },
    { by: 'job', from: v.monthAgo, to: v.today },
    { by: 'department', from: v.monthAgo, to: v.today },
  ],
  getDashboard: (v) => [{ today: v.today }],

  // The report catalogue: server-paged tables over the whole company.
  reportHours: (v) => [{ filter: { from: v.monthAgo, to: v.today } }, { filter: { from: v.monthAgo, to: v.today, jobs_id: v.job } }],
  reportLaborBudget: (v) => [{}, { filter: { group_by: 'costcode' } }, { filter: { jobs_id: v.job, group_by: 'costcode' } }],
  reportSchedule: (v) => [{ filter: { from: v.weekAgo, to: v.today } }],
  reportSpend: (v) => [{ filter: { from: v.monthAgo, to: v.today } }],
  reportTimecardStatus: (v) => [{ filter: { date: v.weekAgo } }],
  reportTools: (v) => [{ filter: { from: v.monthAgo, to: v.today } }],
};

/**
 * Queries on company data named like lists that are not above, and why. A new list* or search* operation fails the
 * completeness test until it is added to OPERATIONS or here.
 */
const NOT_LISTS: Readonly<Record<string, string>> = {
  listModules: 'the product catalogue (modules), no company rows',
  listModulesPricing: 'the product catalogue (modules_pricing), no company rows',
  listPermissions: 'a constant list from packages/core',
  listPricing: 'the product catalogue (pricing), no company rows',
  listStripe: "one company's Stripe overview (customer, subscription, invoice), not a page of rows",
  listTaskActions: 'a constant list from packages/core',
};

describe.skipIf(testDbKind() !== 'postgres')("list plans on a database of many companies stay on the company's rows", () => {
  let admin: TestMember;
  let seeded: ManyCompanies;
  const t = useTestApp({
    setup: async (database) => {
      const tenant = await createTenant(database.db, 'Plan Check Builders');
      admin = await createMember(database.db, tenant, { isAdmin: true, firstname: 'Plan' });
      // The signed-in company is a mid-sized one (80 people, ~2% of the rows) among ~300, most small and three large.
      seeded = await seedManyCompanies(database.db, { also: [{ tenantUuid: tenant, people: 80 }] });
    },
  });

  const schema = getSchema();
  const query = schema.getQueryType() as GraphQLObjectType;
  let values: Values;
  let catalog: Catalog;
  /** A connection of the test's own, walled like the app's read path, that only EXPLAINs (nothing it plans is run). */
  let explainer: pg.Client;
  /** The statements of the operation being called; null between operations. */
  let captured: Captured[] | null = null;
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    catalog = await readCatalog(t.database.db);
    values = await pickValues(t.database.db, admin.tenantUuid);
    explainer = new pg.Client((t.database.db as unknown as { $client: pg.Pool }).$client.options);
    await explainer.connect();
    await explainer.query(
      "select set_config('app.tenant_uuid', $1, false), set_config('role', 'app_user', false), set_config('plan_cache_mode', 'force_generic_plan', false)",
      [admin.tenantUuid],
    );
    // Every statement the app sends, on any of its connections (the pool, the gate's read path), with its parameters.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (captured && this !== explainer) {
        const [config, second] = args as [string | { text?: string; values?: unknown[] }, unknown];
        const text = typeof config === 'string' ? config : config?.text;
        const params = Array.isArray(second) ? second : typeof config === 'object' ? config?.values : undefined;
        if (text) captured.push({ text, params: params ?? [] });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await explainer?.end();
  });

  it('seeds a database where the planner has a choice', () => {
    expect(seeded.rows.tenants).toBeGreaterThan(300);
    for (const table of ['timecard_entries', 'scheduled_labor', 'tool_logs', 'tasks', 'notifications', 'items', 'receipts']) {
      expect(seeded.rows[table], table).toBeGreaterThan(15_000);
    }
  });

  it('covers every list and search of the API', () => {
    const lists = Object.values(query.getFields())
      .filter((f) => /^(list|search)/.test(f.name) && f.args.some((a) => a.name === 'tenant_uuid'))
      .map((f) => f.name);
    expect(lists.filter((name) => !(name in OPERATIONS) && !(name in NOT_LISTS))).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((name) => !query.getFields()[name])).toEqual([]);
  });

  /** What is wrong with a statement's plans, by text (generic plan) and by text and parameters (custom plan). */
  const checked = new Map<string, Promise<string[]>>();
  const runs = new Map<string, Promise<{ statements: number; problems: string[] }>>();

  /** Calls each variant of the operation (and its second page) and checks the plans of what it sent. */
  async function plansOf(name: string): Promise<{ statements: number; problems: string[] }> {
    const field = query.getFields()[name];
    const problems: string[] = [];
    let statements = 0;
    for (const variant of OPERATIONS[name](values)) {
      const pages: Variant[] = [variant];
      for (let page = 0; page < pages.length && page < 2; page++) {
        captured = [];
        let data: Record<string, unknown>;
        let sent: Captured[];
        try {
          data = await callOperation(t, field, { ...pages[page], tenant_uuid: admin.tenantUuid }, admin.token);
        } finally {
          sent = captured;
          captured = null;
        }
        for (const statement of unique(sent)) {
          if (!readsTenantTable(statement.text, catalog)) continue;
          statements++;
          const found = [
            ...(await memo(checked, `${statement.text}\u0000${JSON.stringify(statement.params)}`, () =>
              customPlan(explainer, catalog, statement),
            )),
            ...(statement.params.length ? await memo(checked, statement.text, () => genericPlan(explainer, catalog, statement)) : []),
          ];
          for (const problem of found) {
            problems.push(
              `${name}(${JSON.stringify(pages[page])})\n  ${problem}\n  statement: ${oneLine(statement.text)}\n  parameters: ${oneLine(JSON.stringify(statement.params))}`,
            );
          }
        }
        const next = (data[name] as { nextToken?: string | null } | null)?.nextToken;
        if (next && field.args.some((a) => a.name === 'nextToken')) pages.push({ ...variant, nextToken: next });
      }
    }
    return { statements, problems };
  }
  const plans = (name: string) => memo(runs, name, () => plansOf(name));

  for (const name of Object.keys(OPERATIONS)) {
    it(name, async () => {
      const { statements, problems } = await plans(name);
      expect(statements, `${name} sent no statement on a tenant table`).toBeGreaterThan(0);
      expect(problems, problems.join('\n\n')).toEqual([]);
    });
  }
});

/** The value kept under `key`, made by `make` the first time. */
function memo<T>(kept: Map<string, T>, key: string, make: () => T): T {
  if (!kept.has(key)) kept.set(key, make());
  return kept.get(key) as T;
}

// --- Calling an operation --------------------------------------------------------------------------------------------

/** graphql-armor allows a depth of 6: the deepest selection that fits, tried from the deepest down. */
const DEPTHS = [4, 3, 2, 1];

async function callOperation(
  t: ReturnType<typeof useTestApp>,
  field: GraphQLField<unknown, unknown>,
  args: Variant,
  token: string,
): Promise<Record<string, unknown>> {
  const given = field.args.filter((a) => args[a.name] !== undefined);
  const vars = given.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const passed = given.map((a) => `${a.name}: $${a.name}`).join(', ');
  let last = '';
  for (const depth of DEPTHS) {
    const document = `query${vars ? `(${vars})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection(field.type, depth) || ''} }`;
    const res = await t.gql(document, args, token);
    if (res.errors?.some((e) => /limit of \d+ exceeded|depth limit/i.test(e.message))) {
      last = res.errors[0].message;
      continue;
    }
    expect(res.errors, `${field.name}: ${JSON.stringify(res.errors)}`).toBeUndefined();
    return res.data as Record<string, unknown>;
  }
  throw new Error(`${field.name}: no selection fits graphql-armor's limits (${last})`);
}

/** Every field of the type `depth` levels down, objects included, that needs no argument. */
function selection(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (isAbstractType(named) || !isObjectType(named) || depth <= 0) return '{ __typename }';
  const parts: string[] = [];
  for (const f of Object.values(named.getFields())) {
    if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    if (isLeafType(getNamedType(f.type))) parts.push(f.name);
    else if (depth > 1) parts.push(`${f.name} ${selection(f.type, depth - 1)}`);
  }
  return `{ ${parts.length ? parts.join(' ') : '__typename'} }`;
}

// --- The signed-in company's rows the variants name --------------------------------------------------------------------

async function pickValues(db: ReturnType<typeof useTestApp>['database']['db'], tenant: string): Promise<Values> {
  const one = async (query: ReturnType<typeof sql>) => {
    const { rows } = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    if (!rows[0]) throw new Error(`the seed left nothing for: ${JSON.stringify(query)}`);
    return rows[0];
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const now = new Date();
  const monday = day(-((now.getUTCDay() + 6) % 7));
  const job = await one(sql`select jobs_id as id from timecard_entries where tenant_uuid = ${tenant}
    group by jobs_id order by count(*) desc, jobs_id limit 1`);
  const worker = await one(sql`select e.id from employees e where e.tenant_uuid = ${tenant} and not e.is_admin and e.status = 1
    and exists (select 1 from timecard_entries x where x.tenant_uuid = e.tenant_uuid and x.employees_id = e.id) order by e.id limit 1`);
  const tool = await one(sql`select tools_id as id from reservations where tenant_uuid = ${tenant} order by tools_id limit 1`);
  const container = await one(sql`select container_id as id from tools where tenant_uuid = ${tenant}
    group by container_id order by count(*) desc, container_id limit 1`);
  const vendor = await one(sql`select vendor_id as id from orders where tenant_uuid = ${tenant}
    group by vendor_id order by count(*) desc, vendor_id limit 1`);
  const itemType = await one(sql`select id from item_types where tenant_uuid = ${tenant} order by id limit 1`);
  const bundle = await one(sql`select bundle_items_id as id from bundle_items where tenant_uuid = ${tenant} order by 1 limit 1`);
  const announcement = await one(sql`select id from announcements where tenant_uuid = ${tenant} and status = 1 order by id limit 1`);
  const task = await one(sql`select parent_task as id, (select task_thread_uuid from tasks p where p.tenant_uuid = c.tenant_uuid
    and p.id = c.parent_task) as thread from tasks c where tenant_uuid = ${tenant} and parent_task is not null order by id limit 1`);
  const tasks = await one(sql`select array_agg(id order by id) as ids from (select id from tasks where tenant_uuid = ${tenant}
    order by id limit 5) x`);
  return {
    today: day(0),
    monday,
    weekAgo: day(-7),
    monthAgo: day(-30),
    job: Number(job.id),
    worker: Number(worker.id),
    tool: Number(tool.id),
    container: Number(container.id),
    vendor: Number(vendor.id),
    itemType: Number(itemType.id),
    bundle: Number(bundle.id),
    announcement: Number(announcement.id),
    task: Number(task.id),
    taskThread: String(task.thread),
    tasks: (tasks.ids as number[]).map(Number),
  };
}

// --- Plans -----------------------------------------------------------------------------------------------------------

type Captured = { text: string; params: unknown[] };

type Catalog = {
  /** Tables with a tenant_uuid column. */
  tenantTables: Set<string>;
  /** Every index of the public schema: its table, and whether its first column is tenant_uuid. */
  indexes: Map<string, { table: string; tenantFirst: boolean }>;
  /** Matches a statement naming any tenant table. */
  pattern: RegExp;
};

async function readCatalog(db: ReturnType<typeof useTestApp>['database']['db']): Promise<Catalog> {
  const tables = (await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_uuid' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')`)) as unknown as { rows: { name: string }[] };
  const indexes = (await db.execute(sql`
    select i.relname as index, c.relname as table, coalesce(a.attname = 'tenant_uuid', false) as tenant_first
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attnum = x.indkey[0]
    where n.nspname = 'public'`)) as unknown as { rows: { index: string; table: string; tenant_first: boolean }[] };
  const tenantTables = new Set(tables.rows.map((r) => r.name));
  return {
    tenantTables,
    indexes: new Map(indexes.rows.map((r) => [r.index, { table: r.table, tenantFirst: r.tenant_first }])),
    pattern: new RegExp(`(from|join|into|update)\\s+"?(${[...tenantTables].join('|')})"?\\b`, 'i'),
  };
}

const readsTenantTable = (text: string, catalog: Catalog) =>
  /^\s*\(?\s*(select|with|insert|update|delete)\b/i.test(text) && catalog.pattern.test(text);

const unique = (statements: Captured[]) => [...new Map(statements.map((s) => [`${s.text}\u0000${JSON.stringify(s.params)}`, s])).values()];

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 600 ? `${flat.slice(0, 600)} …` : flat;
};

type PlanNode = Record<string, unknown> & { 'Node Type': string; Plans?: PlanNode[] };

/** What is wrong with the statement's custom plan: the one PostgreSQL makes for its parameters (the first executions). */
async function customPlan(client: pg.Client, catalog: Catalog, statement: Captured): Promise<string[]> {
  const { rows } = await client.query(`explain (format json) ${statement.text}`, statement.params);
  return planProblems(catalog, rows[0]['QUERY PLAN'][0].Plan).map((p) => `custom plan: ${p}`);
}

/**
 * What is wrong with its generic plan: what a named statement of the read path settles on after five executions (the
 * explainer runs with plan_cache_mode = force_generic_plan, which a custom EXPLAIN with parameters does not heed).
 */
async function genericPlan(client: pg.Client, catalog: Catalog, statement: Captured): Promise<string[]> {
  const nulls = statement.params.map(() => 'null').join(', ');
  // One round trip: prepared, explained and dropped in one simple query.
  const results = (await client.query(
    `prepare gw_plan_check as ${statement.text}; explain (format json) execute gw_plan_check(${nulls}); deallocate gw_plan_check`,
  )) as unknown as pg.QueryResult[];
  return planProblems(catalog, results[1].rows[0]['QUERY PLAN'][0].Plan).map((p) => `generic plan: ${p}`);
}

/** Each scan of a tenant table that is not an index scan on the company's own entries of a tenant-first index. */
function planProblems(catalog: Catalog, root: PlanNode): string[] {
  const problems: string[] = [];
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    const relation = node['Relation Name'] as string | undefined;
    const indexName = node['Index Name'] as string | undefined;
    const table = relation ?? (indexName ? catalog.indexes.get(indexName)?.table : undefined);
    if (table && catalog.tenantTables.has(table) && !SMALL_TABLES.has(table)) {
      const where = describeNode(node);
      if (type === 'Index Scan' || type === 'Index Only Scan' || type === 'Bitmap Index Scan') {
        const index = indexName ? catalog.indexes.get(indexName) : undefined;
        if (!index?.tenantFirst) problems.push(`${type} on ${table} using ${indexName}, whose first column is not tenant_uuid ${where}`);
        else if (!/\btenant_uuid\s*=/.test(String(node['Index Cond'] ?? ''))) {
          problems.push(`${type} on ${table} using ${indexName} without tenant_uuid in its Index Cond: every company's entries ${where}`);
        }
      } else if (type !== 'Bitmap Heap Scan') {
        problems.push(`${type} on ${table} ${where}`);
      }
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(root);
  return problems;
}

const describeNode = (node: PlanNode) =>
  `(${['Index Cond', 'Filter', 'Plan Rows']
    .filter((k) => node[k] !== undefined)
    .map((k) => `${k}: ${node[k]}`)
    .join('; ')})`;
