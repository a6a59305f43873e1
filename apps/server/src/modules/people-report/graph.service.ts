import { addDays, type IsoDate } from '@groundwork/core/pay-periods';
import {
  GRAPH_CREW_DAYS,
  GRAPH_JOB_LIST_MAX,
  GRAPH_JOBS_WITHOUT_FILTER,
  GRAPH_MAX_NODES,
  GRAPH_TOOLS_PER_CONTAINER,
  type GraphEdgeKind,
  type GraphNodeKind,
} from '@groundwork/core/people-report';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { employees } from '../employees/employees.table.js';
import { jobs, jobsForemen, jobsPms } from '../jobs/jobs.table.js';
import { orders, vendors } from '../ordering/ordering.table.js';
import { scheduledLabor } from '../scheduling/scheduling.table.js';
import { containers, tools } from '../tools/tools.table.js';

export type GraphNode = { id: string; kind: GraphNodeKind; label: string; ref_id: number; detail: string | null };
export type GraphEdge = { id: string; source: string; target: string; kind: GraphEdgeKind };
export type GraphJob = { id: number; label: string };
export type CompanyGraph = { nodes: GraphNode[]; edges: GraphEdge[]; jobs: GraphJob[]; truncated: boolean };

/** What the caller may see beyond the jobs (decided by the permission matrix in the resolver). */
export type GraphScope = {
  kinds: ReadonlySet<GraphNodeKind>;
  people: boolean;
  crew: boolean;
  tools: boolean;
  /** null: no vendors; 'own': only vendors of the caller's own orders (ordering_basic). */
  orders: 'all' | 'own' | null;
  me: number;
};

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
const ids = (list: number[]) =>
  sql`(${sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  )})`;
const personName = (p: { id: number; firstname: string | null; lastname: string | null }) =>
  [p.firstname, p.lastname].filter((x) => x?.trim()).join(' ') || `#${p.id}`;

/** Active jobs by the spec's sort (abbreviation, else name), for the job filter. */
export function activeJobs(tx: Tx, tenant: string): Promise<GraphJob[]> {
  return rowsOf<GraphJob>(
    tx,
    sql`select id, case when coalesce(job_abbr, '') <> '' then job_abbr || ' · ' || job else job end as label
      from ${jobs} where tenant_uuid = ${tenant} and status = 1
      order by lower(coalesce(nullif(job_abbr, ''), job)), id limit ${GRAPH_JOB_LIST_MAX}`,
  );
}

/** Adds nodes and edges, once each, until GRAPH_MAX_NODES. */
class Builder {
  nodes = new Map<string, GraphNode>();
  edges = new Map<string, GraphEdge>();
  truncated = false;
  node(kind: GraphNodeKind, ref: number, label: string, detail: string | null = null): string | null {
    const id = `${kind}:${ref}`;
    const known = this.nodes.get(id);
    if (known) {
      if (detail && known.detail !== detail && !known.detail?.split(', ').includes(detail)) {
        known.detail = known.detail ? `${known.detail}, ${detail}` : detail;
      }
      return id;
    }
    if (this.nodes.size >= GRAPH_MAX_NODES) {
      this.truncated = true;
      return null;
    }
    this.nodes.set(id, { id, kind, label, ref_id: ref, detail });
    return id;
  }
  edge(kind: GraphEdgeKind, source: string | null, target: string | null) {
    if (!source || !target) return;
    const id = `${kind}:${source}>${target}`;
    if (!this.edges.has(id)) this.edges.set(id, { id, source, target, kind });
  }
}

/**
 * The company as a graph around `chosen` jobs: their foremen and PMs, crew scheduled in the next GRAPH_CREW_DAYS days,
 * containers at the jobs or kept by those people with the tools in them, and vendors with open orders (active, and
 * not yet sent or not yet acknowledged) for the jobs. Kinds outside `scope` are left out.
 */
export async function companyGraph(tx: Tx, tenant: string, chosen: GraphJob[], today: string, scope: GraphScope): Promise<CompanyGraph> {
  const b = new Builder();
  const jobIds = chosen.map((j) => j.id);
  for (const j of chosen) b.node('job', j.id, j.label);
  if (!jobIds.length) return { nodes: [], edges: [], jobs: [], truncated: false };
  const personIds = new Set<number>();

  if (scope.kinds.has('person') && scope.people) {
    const team = await rowsOf<{ jobs_id: number; id: number; firstname: string | null; lastname: string | null; role: 'foreman' | 'pm' }>(
      tx,
      sql`select l.jobs_id, e.id, e.firstname, e.lastname, 'foreman' as role from ${jobsForemen} l
          join ${employees} e on e.tenant_uuid = l.tenant_uuid and e.id = l.employees_id
          where l.tenant_uuid = ${tenant} and l.jobs_id in ${ids(jobIds)}
        union all
        select l.jobs_id, e.id, e.firstname, e.lastname, 'pm' as role from ${jobsPms} l
          join ${employees} e on e.tenant_uuid = l.tenant_uuid and e.id = l.employees_id
          where l.tenant_uuid = ${tenant} and l.jobs_id in ${ids(jobIds)}
        order by 5, 3, 4, 2`,
    );
    for (const p of team) {
      b.edge(p.role, `job:${p.jobs_id}`, b.node('person', p.id, personName(p), p.role));
      personIds.add(p.id);
    }
  }
  if (scope.kinds.has('person') && scope.crew) {
    const crew = await rowsOf<{ jobs_id: number; id: number; firstname: string | null; lastname: string | null; days: number }>(
      tx,
      sql`select s.jobs_id, e.id, e.firstname, e.lastname, count(*)::int as days from ${scheduledLabor} s
        join ${employees} e on e.tenant_uuid = s.tenant_uuid and e.id = s.employees_id and e.status = 1
        where s.tenant_uuid = ${tenant} and s.jobs_id in ${ids(jobIds)} and s.event_type = 'Work'
          and s.confirmation_status <> 'declined'
          and s.date between ${today} and ${addDays(today as IsoDate, GRAPH_CREW_DAYS - 1)}
        group by s.jobs_id, e.id, e.firstname, e.lastname order by e.firstname, e.lastname, e.id`,
    );
    for (const p of crew) {
      b.edge('crew', `job:${p.jobs_id}`, b.node('person', p.id, personName(p), 'crew'));
      personIds.add(p.id);
    }
  }
  if (scope.tools && (scope.kinds.has('container') || scope.kinds.has('tool'))) {
    const people = [...personIds];
    const boxes = await rowsOf<{ id: number; container_name: string; jobs_id: number | null; employees_id: number | null; tools: number }>(
      tx,
      sql`select c.id, c.container_name, c.jobs_id, c.employees_id,
          (select count(*)::int from ${tools} t where t.tenant_uuid = c.tenant_uuid and t.container_id = c.id and t.status = 1) as tools
        from ${containers} c
        where c.tenant_uuid = ${tenant} and c.status = 1
          and (c.jobs_id in ${ids(jobIds)} ${people.length ? sql`or c.employees_id in ${ids(people)}` : sql``})
        order by c.container_name, c.id`,
    );
    const shown = new Map<number, string>();
    const anchor = (c: (typeof boxes)[number]) =>
      c.jobs_id != null && jobIds.includes(c.jobs_id) ? `job:${c.jobs_id}` : c.employees_id != null ? `person:${c.employees_id}` : null;
    for (const c of boxes) {
      const at = anchor(c);
      // Kept by someone not drawn (not on these jobs, or people left out): nothing to tie it to.
      if (!at || !b.nodes.has(at)) continue;
      const id = scope.kinds.has('container') ? b.node('container', c.id, c.container_name, String(c.tools)) : at;
      if (!id) continue;
      if (id !== at) b.edge(at.startsWith('job:') ? 'at_job' : 'assigned', at, id);
      shown.set(c.id, id);
    }
    if (scope.kinds.has('tool') && shown.size) {
      const held = await rowsOf<{ id: number; name: string; tool_number: string; container_id: number }>(
        tx,
        sql`select id, name, tool_number, container_id from (
            select t.id, t.name, t.tool_number, t.container_id,
              row_number() over (partition by t.container_id order by t.name, t.id) as n
            from ${tools} t where t.tenant_uuid = ${tenant} and t.status = 1 and t.container_id in ${ids([...shown.keys()])}
          ) x where n <= ${GRAPH_TOOLS_PER_CONTAINER} order by container_id, name, id`,
      );
      for (const t of held) b.edge('holds', shown.get(t.container_id) ?? null, b.node('tool', t.id, t.name, t.tool_number));
    }
  }
  if (scope.kinds.has('vendor') && scope.orders) {
    const open = await rowsOf<{ jobs_id: number; id: number; name: string; open: number }>(
      tx,
      sql`select o.jobs_id, v.id, v.name, count(*)::int as open from ${orders} o
        join ${vendors} v on v.tenant_uuid = o.tenant_uuid and v.id = o.vendor_id
        where o.tenant_uuid = ${tenant} and o.status = 1 and o.jobs_id in ${ids(jobIds)}
          and (o.sent_on is null or o.acknowledged_on is null)
          ${scope.orders === 'own' ? sql`and o.employees_id = ${scope.me}` : sql``}
        group by o.jobs_id, v.id, v.name order by v.name, v.id`,
    );
    for (const v of open) b.edge('orders', `job:${v.jobs_id}`, b.node('vendor', v.id, v.name, String(v.open)));
  }
  return { nodes: [...b.nodes.values()], edges: [...b.edges.values()], jobs: [], truncated: b.truncated };
}

export { GRAPH_JOBS_WITHOUT_FILTER };
