import { addDays } from '@groundwork/core/pay-periods';
import { MODULES } from '@groundwork/core/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsForemen, jobsPms } from '../jobs/jobs.table.js';
import { tenantsModules } from '../modules/modules.table.js';
import { orders, vendors } from '../ordering/ordering.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { containers, tools } from '../tools/tools.table.js';

const t = useTestApp();

const GRAPH = `query($t: ID!, $j: Int, $k: [String!], $today: String) {
  companyGraph(tenant_uuid: $t, jobs_id: $j, kinds: $k, today: $today) {
    nodes { id kind label ref_id detail } edges { id source target kind } jobs { id label } truncated } }`;
const TODAY = '2026-06-15';

let admin: TestMember;
let reader: TestMember;
let toolsOnly: TestMember;
let foreign: TestMember;
let tenant: string;
const id: Record<string, number> = {};

type Node = { id: string; kind: string; label: string; ref_id: number; detail: string | null };
type Edge = { source: string; target: string; kind: string };
const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;
const graph = async (who: TestMember, vars: Record<string, unknown> = {}) => {
  const res = await t.gql(GRAPH, { t: tenant, today: TODAY, ...vars }, who.token);
  expect(res.errors).toBeUndefined();
  return res.data?.companyGraph as { nodes: Node[]; edges: Edge[]; jobs: { id: number; label: string }[]; truncated: boolean };
};
const edges = (g: { edges: Edge[] }) => g.edges.map((e) => `${e.source} ${e.kind} ${e.target}`).sort();

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db, 'Graph Builders');
  admin = await createMember(db, tenant, { isAdmin: true });
  reader = await createMember(db, tenant, { permissions: ['projects_basic'] });
  toolsOnly = await createMember(db, tenant, { permissions: ['tool20_basic'] });
  foreign = await createMember(db, await createTenant(db, 'Other Graphs'), { isAdmin: true });
  await withTenant(db, tenant, async (tx) => {
    const js = await tx
      .insert(jobs)
      .values([
        { tenant_uuid: tenant, job: 'Alpha Tower', job_abbr: 'AT' },
        { tenant_uuid: tenant, job: 'Beta Yard' },
        { tenant_uuid: tenant, job: 'Done Job', status: 2 },
        { tenant_uuid: tenant, job: 'Gamma' },
        { tenant_uuid: tenant, job: 'Zeta' },
      ])
      .returning({ id: jobs.id, job: jobs.job });
    for (const j of js) id[j.job] = j.id;
    const people = await tx
      .insert(employees)
      .values(['Fay', 'Pam', 'Cal', 'Late', 'Nope', 'Other'].map((firstname) => ({ tenant_uuid: tenant, firstname, lastname: 'X' })))
      .returning({ id: employees.id, firstname: employees.firstname });
    for (const p of people) id[p.firstname as string] = p.id;
    const at = id['Alpha Tower'];
    await tx.insert(jobsForemen).values({ tenant_uuid: tenant, jobs_id: at, employees_id: id.Fay });
    await tx.insert(jobsPms).values({ tenant_uuid: tenant, jobs_id: at, employees_id: id.Pam });
    const day = (n: number) => addDays(TODAY, n);
    await tx.insert(scheduledLabor).values([
      { tenant_uuid: tenant, jobs_id: at, employees_id: id.Fay, date: day(0) },
      { tenant_uuid: tenant, jobs_id: at, employees_id: id.Cal, date: day(1) },
      { tenant_uuid: tenant, jobs_id: at, employees_id: id.Cal, date: day(13) },
      // Past the 14 days, declined: not drawn.
      { tenant_uuid: tenant, jobs_id: at, employees_id: id.Late, date: day(14) },
      { tenant_uuid: tenant, jobs_id: at, employees_id: id.Nope, date: day(2), confirmation_status: 'declined' },
    ]);
    const [box, truck, otherTruck] = await tx
      .insert(containers)
      .values([
        { tenant_uuid: tenant, container_name: 'Job box A', jobs_id: at },
        { tenant_uuid: tenant, container_name: "Fay's truck", employees_id: id.Fay },
        { tenant_uuid: tenant, container_name: "Other's truck", employees_id: id.Other },
      ])
      .returning({ id: containers.id });
    id.box = box.id;
    id.truck = truck.id;
    const ts = await tx
      .insert(tools)
      .values([
        { tenant_uuid: tenant, tool_number: 'T-1', name: 'Drill', container_id: box.id },
        { tenant_uuid: tenant, tool_number: 'T-2', name: 'Saw', container_id: box.id },
        { tenant_uuid: tenant, tool_number: 'T-3', name: 'Broken', container_id: box.id, status: 0 },
        { tenant_uuid: tenant, tool_number: 'T-4', name: 'Level', container_id: truck.id },
        { tenant_uuid: tenant, tool_number: 'T-5', name: 'Hidden', container_id: otherTruck.id },
      ])
      .returning({ id: tools.id, name: tools.name });
    for (const tool of ts) id[tool.name] = tool.id;
    const [open, done, gone] = await tx
      .insert(vendors)
      .values([
        { tenant_uuid: tenant, name: 'Open Supply' },
        { tenant_uuid: tenant, name: 'Done Supply' },
        { tenant_uuid: tenant, name: 'Gone Supply' },
      ])
      .returning({ id: vendors.id });
    id.vendor = open.id;
    const order = { tenant_uuid: tenant, order_date: TODAY, jobs_id: at, employees_id: admin.employeeId };
    await tx.insert(orders).values([
      { ...order, po_number: 1, vendor_id: open.id },
      { ...order, po_number: 2, vendor_id: done.id, sent_on: '2026-06-01T00:00:00Z', acknowledged_on: '2026-06-02T00:00:00Z' },
      { ...order, po_number: 3, vendor_id: gone.id, status: 0 },
    ]);
  });
});

describe('companyGraph', () => {
  it('draws what is tied to a job: its foreman, PM, crew of the next 14 days, containers with tools, vendors with open orders', async () => {
    const g = await graph(admin, { j: id['Alpha Tower'] });
    const job = `job:${id['Alpha Tower']}`;
    expect(g.nodes.map((n) => n.id).sort()).toEqual(
      [
        job,
        `person:${id.Fay}`,
        `person:${id.Pam}`,
        `person:${id.Cal}`,
        `container:${id.box}`,
        `container:${id.truck}`,
        `tool:${id.Drill}`,
        `tool:${id.Saw}`,
        `tool:${id.Level}`,
        `vendor:${id.vendor}`,
      ].sort(),
    );
    expect(g.nodes.find((n) => n.id === job)).toMatchObject({ kind: 'job', label: 'AT · Alpha Tower', ref_id: id['Alpha Tower'] });
    expect(g.nodes.find((n) => n.ref_id === id.Fay && n.kind === 'person')).toMatchObject({ label: 'Fay X', detail: 'foreman, crew' });
    expect(g.nodes.find((n) => n.kind === 'container' && n.ref_id === id.box)?.detail).toBe('2');
    expect(g.nodes.find((n) => n.kind === 'vendor')).toMatchObject({ label: 'Open Supply', detail: '1' });
    expect(edges(g)).toEqual(
      [
        `${job} foreman person:${id.Fay}`,
        `${job} crew person:${id.Fay}`,
        `${job} pm person:${id.Pam}`,
        `${job} crew person:${id.Cal}`,
        `${job} at_job container:${id.box}`,
        `person:${id.Fay} assigned container:${id.truck}`,
        `container:${id.box} holds tool:${id.Drill}`,
        `container:${id.box} holds tool:${id.Saw}`,
        `container:${id.truck} holds tool:${id.Level}`,
        `${job} orders vendor:${id.vendor}`,
      ].sort(),
    );
    expect(g.truncated).toBe(false);
  });

  it('without a job draws the first active job and lists every active job for the filter', async () => {
    const g = await graph(admin);
    expect(g.jobs.map((j) => j.label)).toEqual(['AT · Alpha Tower', 'Beta Yard', 'Gamma', 'Zeta']);
    expect(g.nodes.filter((n) => n.kind === 'job').map((n) => n.label)).toEqual(['AT · Alpha Tower']);
    expect(g.nodes).toHaveLength(10);
  });

  it('keeps only the kinds asked for', async () => {
    const g = await graph(admin, { j: id['Alpha Tower'], k: ['job', 'tool'] });
    // The box is at the job, so its tools hang from the job; the truck's owner is not drawn, so its tool is not either.
    expect(edges(g)).toEqual([`job:${id['Alpha Tower']} holds tool:${id.Drill}`, `job:${id['Alpha Tower']} holds tool:${id.Saw}`]);
  });

  it('shows a jobs reader only what their permissions reach', async () => {
    const g = await graph(reader, { j: id['Alpha Tower'] });
    expect(g.nodes.map((n) => n.id).sort()).toEqual([`job:${id['Alpha Tower']}`, `person:${id.Fay}`, `person:${id.Pam}`].sort());
    expect(g.nodes.find((n) => n.ref_id === id.Fay)?.detail).toBe('foreman');
    expect(code(await t.gql(GRAPH, { t: tenant }, toolsOnly.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(GRAPH, { t: tenant }))).toBe('UNAUTHENTICATED');
  });

  it('refuses bad arguments with clear words', async () => {
    const bad = async (vars: Record<string, unknown>) => (await t.gql(GRAPH, { t: tenant, ...vars }, admin.token)).errors?.[0];
    expect(await bad({ k: ['robot'] })).toMatchObject({
      message: 'kinds: Each must be one of job, person, container, tool, vendor.',
      extensions: { code: 'VALIDATION' },
    });
    expect(await bad({ j: 0 })).toMatchObject({ message: 'jobs_id: Must be a job id.', extensions: { code: 'VALIDATION' } });
    expect(await bad({ today: 'soon' })).toMatchObject({ extensions: { code: 'VALIDATION' } });
  });

  it('shows another company nothing of this one', async () => {
    expect(code(await t.gql(GRAPH, { t: tenant }, foreign.token))).toBe('NOT_FOUND');
    const other = await t.gql(GRAPH, { t: foreign.tenantUuid, j: id['Alpha Tower'] }, foreign.token);
    expect(code(other)).toBe('NOT_FOUND');
    const all = await t.gql(GRAPH, { t: foreign.tenantUuid }, foreign.token);
    expect(all.data?.companyGraph).toEqual({ nodes: [], edges: [], jobs: [], truncated: false });
  });

  it('is refused while the company has jobs switched off', async () => {
    const company = await createTenant(t.database.db);
    const boss = await createMember(t.database.db, company, { isAdmin: true });
    await withTenant(t.database.db, company, (tx) =>
      tx.insert(tenantsModules).values({ tenant_uuid: company, modules_id: MODULES.projects, status: 0 }),
    );
    expect(code(await t.gql(GRAPH, { t: company }, boss.token))).toBe('FORBIDDEN');
  });
});
