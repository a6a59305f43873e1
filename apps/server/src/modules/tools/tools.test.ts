import { MODULES } from '@groundwork/core/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { pdfText } from '../../testing/pdf.js';
import { errorCode as code, errorMessage as message, okData as ok, useTestApp } from '../../testing/test-app.js';
import { jobs } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { createHqContainer } from './tools.hq.js';
import { containers, toolLogs, tools } from './tools.table.js';

const t = useTestApp();

const CREATE_TOOLS = `mutation($t: ID!, $d: [ToolsInput!]!) { createTools(tenant_uuid: $t, data: $d) { id tool_number container_id } }`;
const CREATE_CONTAINERS = `mutation($t: ID!, $d: [ContainersInput!]!) { createContainers(tenant_uuid: $t, data: $d) { id hq } }`;
const DELETE_CONTAINERS = `mutation($t: ID!, $d: [ContainersDeleteInput!]!) { deleteContainers(tenant_uuid: $t, data: $d) { id } }`;
const MOVE = `mutation($t: ID!, $ids: [Int!]!, $c: Int!, $note: String) { moveTools(tenant_uuid: $t, ids: $ids, container_id: $c, note: $note) { id container_id container_name last_log } }`;
const GET = `query($t: ID!, $id: Int, $n: String) { getTool(tenant_uuid: $t, id: $id, tool_number: $n) { id tool_number container_id container_name } }`;
const SEARCH = `query($t: ID!, $c: Int, $q: String) { searchTools(tenant_uuid: $t, container_id: $c, search: $q) { items { id name container_name } nextToken } }`;
const LOG = `query($t: ID!, $id: Int) { toolLog(tenant_uuid: $t, tools_id: $id) { items { id from_name to_name employee_name note } nextToken } }`;
const ARCHIVE = `mutation($t: ID!, $id: Int!) { archiveContainer(tenant_uuid: $t, id: $id) }`;
const RESERVE = `mutation($t: ID!, $ids: [Int!]!, $s: String!, $e: String!, $j: Int, $p: Int) {
  reserveTools(tenant_uuid: $t, tool_ids: $ids, start_date: $s, end_date: $e, jobs_id: $j, employees_id: $p) { id tools_id start_date end_date status is_completed } }`;
const CHECK_IN = `mutation($t: ID!, $id: Int!) { checkInReservation(tenant_uuid: $t, id: $id) { id is_completed checked_in_on } }`;
const LABELS = `query($t: ID!, $ids: [Int!]) { toolLabelSheet(tenant_uuid: $t, tool_ids: $ids) }`;

let tenant: string;
let admin: TestMember;
let foreman: TestMember;
let worker: TestMember;
let stranger: TestMember;
let hq: number;
let truck: number;
let foremanTruck: number;
let job: number;
let drill: number;
let saw: number;
let level: number;

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db);
  admin = await createMember(db, tenant, { permissions: ['tool20_admin'], firstname: 'Ada' });
  foreman = await createMember(db, tenant, { permissions: ['tool20_basic'], firstname: 'Luis' });
  worker = await createMember(db, tenant, { permissions: ['tool20_basic'], firstname: 'Ben' });
  stranger = await createMember(db, await createTenant(db), { isAdmin: true });
  [job] = await withTenant(db, tenant, async (tx) =>
    (await tx.insert(jobs).values({ tenant_uuid: tenant, job: 'Main Street' }).returning({ id: jobs.id })).map((j) => j.id),
  );
  const made = ok(
    await t.gql(
      CREATE_CONTAINERS,
      { t: tenant, d: [{ container_name: 'Truck 1' }, { container_name: 'Truck 2 (Luis)', employees_id: foreman.employeeId }] },
      admin.token,
    ),
  ).createContainers as { id: number; hq: boolean }[];
  [truck, foremanTruck] = made.map((c) => c.id);
  hq = await withTenant(db, tenant, (tx) => createHqContainer(tx, tenant));
  const created = ok(
    await t.gql(
      CREATE_TOOLS,
      {
        t: tenant,
        d: [
          { name: 'Hammer drill', category: 'Power', tool_number: 'T-0001' },
          { name: 'Circular saw', tool_number: 'T-0002' },
          { name: 'Laser level', tool_number: 'T-0003' },
        ],
      },
      admin.token,
    ),
  ).createTools as { id: number; tool_number: string; container_id: number }[];
  [drill, saw, level] = created.map((c) => c.id);
  expect(created.map((c) => c.tool_number)).toEqual(['T-0001', 'T-0002', 'T-0003']);
  expect(created.every((c) => c.container_id === hq)).toBe(true);
});

describe('tools: moves and the log', () => {
  it('moves many tools, writing a log row per tool and last_log in the same transaction', async () => {
    const moved = ok(await t.gql(MOVE, { t: tenant, ids: [drill, saw], c: truck, note: 'For the pour' }, admin.token)).moveTools as {
      container_name: string;
      last_log: { to_container_id: number; employee_name: string; note: string };
    }[];
    expect(moved.map((m) => m.container_name)).toEqual(['Truck 1', 'Truck 1']);
    expect(moved[0].last_log).toMatchObject({ to_container_id: truck, note: 'For the pour' });
    const log = ok(await t.gql(LOG, { t: tenant, id: drill }, foreman.token)).toolLog as {
      items: { from_name: string; to_name: string; note: string }[];
    };
    expect(log.items[0]).toMatchObject({ from_name: 'HQ', to_name: 'Truck 1', note: 'For the pour' });
  });

  it('a move that fails part-way changes no container and writes no log (one transaction)', async () => {
    const before = await withTenant(t.database.db, tenant, async (tx) => {
      const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(toolLogs);
      return n.n;
    });
    const res = await t.gql(MOVE, { t: tenant, ids: [level, 999_999], c: truck }, admin.token);
    expect(code(res)).toBe('NOT_FOUND');
    const after = await withTenant(t.database.db, tenant, async (tx) => {
      const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(toolLogs);
      const [l] = await tx
        .select({ c: tools.container_id })
        .from(tools)
        .where(and(eq(tools.tenant_uuid, tenant), eq(tools.id, level)));
      return { n: n.n, c: l.c };
    });
    expect(after).toEqual({ n: before, c: hq });
    // And a database failure after the log insert rolls the log back too: a trigger-free check by forcing an error.
    await expect(
      withTenant(t.database.db, tenant, async (tx) => {
        await tx.insert(toolLogs).values({ tenant_uuid: tenant, tools_id: level, from_container_id: hq, to_container_id: truck });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });

  it('a foreman (tool20_basic) scans by number and moves into their own truck only', async () => {
    const found = ok(await t.gql(GET, { t: tenant, n: 't-0003' }, foreman.token)).getTool as { id: number };
    expect(found.id).toBe(level);
    ok(await t.gql(MOVE, { t: tenant, ids: [level], c: foremanTruck }, foreman.token));
    expect(code(await t.gql(MOVE, { t: tenant, ids: [level], c: truck }, foreman.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(MOVE, { t: tenant, ids: [level], c: foremanTruck }, worker.token))).toBe('FORBIDDEN');
  });

  it('archiving a container moves its tools to HQ with a note of who and when', async () => {
    const n = ok(await t.gql(ARCHIVE, { t: tenant, id: truck }, admin.token)).archiveContainer;
    expect(n).toBe(2);
    const inHq = ok(await t.gql(SEARCH, { t: tenant, c: hq }, admin.token)).searchTools as { items: { id: number }[] };
    expect(inHq.items.map((i) => i.id).sort()).toEqual([drill, saw].sort());
    const log = ok(await t.gql(LOG, { t: tenant, id: drill }, admin.token)).toolLog as {
      items: { to_name: string; employee_name: string; note: string }[];
    };
    expect(log.items[0].to_name).toBe('HQ');
    expect(log.items[0].note).toMatch(
      /^Container "Truck 1" was deleted by Ada .* on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC; its tools were moved to headquarters\.$/,
    );
    expect(code(await t.gql(MOVE, { t: tenant, ids: [drill], c: truck }, admin.token))).toBe('VALIDATION');
    // The generic delete does the same; HQ itself cannot go.
    expect(message(await t.gql(DELETE_CONTAINERS, { t: tenant, d: [{ id: hq }] }, admin.token))).toContain(
      'The headquarters container cannot be deleted or archived.',
    );
    expect(message(await t.gql(ARCHIVE, { t: tenant, id: hq }, admin.token))).toBe(
      'The headquarters container cannot be deleted or archived.',
    );
    // Brought back, empty, by an admin only; nobody from another company, and only an archived one.
    const RESTORE = `mutation($t: ID!, $id: Int!) { restoreContainer(tenant_uuid: $t, id: $id) }`;
    expect(code(await t.gql(RESTORE, { t: tenant, id: truck }, foreman.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(RESTORE, { t: tenant, id: truck }, stranger.token))).toBe('NOT_FOUND');
    expect(ok(await t.gql(RESTORE, { t: tenant, id: truck }, admin.token)).restoreContainer).toBe(true);
    expect(code(await t.gql(RESTORE, { t: tenant, id: truck }, admin.token))).toBe('NOT_FOUND');
    const back = ok(await t.gql(SEARCH, { t: tenant, c: truck }, admin.token)).searchTools as { items: unknown[] };
    expect(back.items).toEqual([]);
  });

  it('a company has exactly one HQ: a second is refused', async () => {
    // hq is not writable through the API at all; the database refuses a second one outright.
    expect(code(await t.gql(CREATE_CONTAINERS, { t: tenant, d: [{ container_name: 'HQ 2', hq: true }] }, admin.token))).toBe('VALIDATION');
    await expect(
      withTenant(t.database.db, tenant, (tx) =>
        tx.insert(containers).values({ tenant_uuid: tenant, container_name: 'Second HQ', hq: true }),
      ),
    ).rejects.toThrow();
    const count = await withTenant(t.database.db, tenant, async (tx) => {
      const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(containers).where(eq(containers.hq, true));
      return n.n;
    });
    expect(count).toBe(1);
  });
});

describe('tools: reservations', () => {
  it('refuses an overlapping reservation naming the conflict; adjacent days are allowed', async () => {
    const kit = ok(await t.gql(RESERVE, { t: tenant, ids: [drill, saw, level], s: '2030-06-03', e: '2030-06-07', j: job }, admin.token))
      .reserveTools as { id: number; status: number }[];
    expect(kit).toHaveLength(3);
    expect(kit.every((r) => r.status === 1)).toBe(true);
    const clash = await t.gql(RESERVE, { t: tenant, ids: [saw], s: '2030-06-07', e: '2030-06-09', p: worker.employeeId }, admin.token);
    expect(code(clash)).toBe('CONFLICT');
    expect(message(clash)).toBe('Circular saw is already reserved from 2030-06-03 to 2030-06-07 for Main Street.');
    ok(await t.gql(RESERVE, { t: tenant, ids: [saw], s: '2030-06-08', e: '2030-06-09', p: worker.employeeId }, admin.token));
    ok(await t.gql(RESERVE, { t: tenant, ids: [saw], s: '2030-06-01', e: '2030-06-02', p: worker.employeeId }, admin.token));
    // A completed reservation no longer blocks.
    ok(await t.gql(CHECK_IN, { t: tenant, id: kit[0].id }, admin.token));
    ok(await t.gql(RESERVE, { t: tenant, ids: [drill], s: '2030-06-05', e: '2030-06-05', p: worker.employeeId }, admin.token));
    expect(code(await t.gql(RESERVE, { t: tenant, ids: [drill], s: '2030-06-05', e: '2030-06-01', j: job }, admin.token))).toBe(
      'VALIDATION',
    );
    expect(message(await t.gql(RESERVE, { t: tenant, ids: [drill], s: '2030-07-05', e: '2030-07-06' }, admin.token))).toBe(
      'A reservation is for a person, a job, or both.',
    );
  });
});

describe('tools: who may do what', () => {
  it('tool20_basic reads and scans but cannot write', async () => {
    ok(await t.gql(SEARCH, { t: tenant }, worker.token));
    expect(code(await t.gql(CREATE_TOOLS, { t: tenant, d: [{ name: 'x', tool_number: 'X-1' }] }, worker.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(CREATE_CONTAINERS, { t: tenant, d: [{ container_name: 'x' }] }, worker.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(RESERVE, { t: tenant, ids: [drill], s: '2031-01-01', e: '2031-01-02', j: job }, worker.token))).toBe(
      'FORBIDDEN',
    );
    expect(code(await t.gql(ARCHIVE, { t: tenant, id: foremanTruck }, worker.token))).toBe('FORBIDDEN');
  });

  it('another company sees and moves nothing of ours', async () => {
    const s = stranger.tenantUuid;
    expect(ok(await t.gql(GET, { t: s, id: drill }, stranger.token)).getTool).toBeNull();
    expect(ok(await t.gql(GET, { t: s, n: 'T-0001' }, stranger.token)).getTool).toBeNull();
    expect((ok(await t.gql(SEARCH, { t: s }, stranger.token)).searchTools as { items: unknown[] }).items).toEqual([]);
    expect(code(await t.gql(MOVE, { t: s, ids: [drill], c: hq }, stranger.token))).toBe('VALIDATION');
    expect(code(await t.gql(ARCHIVE, { t: s, id: foremanTruck }, stranger.token))).toBe('NOT_FOUND');
    expect(
      code(await t.gql(RESERVE, { t: s, ids: [drill], s: '2031-01-01', e: '2031-01-02', p: stranger.employeeId }, stranger.token)),
    ).toBe('NOT_FOUND');
    expect(code(await t.gql(SEARCH, { t: tenant }, stranger.token))).toBeTruthy();
  });

  it('refuses everything while the company has the tools module switched off', async () => {
    const company = await createTenant(t.database.db);
    const boss = await createMember(t.database.db, company, { isAdmin: true });
    await withTenant(t.database.db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.tool20, status: 0 }),
    );
    expect(code(await t.gql(SEARCH, { t: company }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(CREATE_TOOLS, { t: company, d: [{ name: 'x', tool_number: 'X-1' }] }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(MOVE, { t: company, ids: [1], c: 1 }, boss.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(LABELS, { t: company }, boss.token))).toBe('FORBIDDEN');
  });

  it('addTool numbers the next tool and puts it in HQ; basic may not', async () => {
    const ADD = `mutation($t: ID!, $n: String!) { addTool(tenant_uuid: $t, name: $n, category: "Survey") { id tool_number container_id category } }`;
    const added = ok(await t.gql(ADD, { t: tenant, n: 'Transit level' }, admin.token)).addTool as {
      tool_number: string;
      container_id: number;
    };
    expect(added).toMatchObject({ tool_number: 'T-0004', container_id: hq });
    expect(message(await t.gql(ADD, { t: tenant, n: '  ' }, admin.token))).toBe('Required.');
    expect(code(await t.gql(ADD, { t: tenant, n: 'x' }, worker.token))).toBe('FORBIDDEN');
  });

  it('prints a label sheet PDF with one QR per tool', async () => {
    const b64 = ok(await t.gql(LABELS, { t: tenant, ids: [drill, saw, level] }, foreman.token)).toolLabelSheet as string;
    const pdf = Buffer.from(b64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const n of ['T-0001', 'T-0002', 'T-0003']) expect(text).toContain(n);
  });
});
