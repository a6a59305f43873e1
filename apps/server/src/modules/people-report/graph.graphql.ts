import { atField, fromText, msg } from '@groundwork/core/messages';
import { companyGraphArgs, GRAPH_NODE_KINDS, type GraphNodeKind } from '@groundwork/core/people-report';
import { accessTo } from '@groundwork/core/permissions';
import { builder } from '../../graphql/builder.js';
import { AppError, notFound } from '../../graphql/errors.js';
import { type Rule, tenantQuery } from '../../graphql/gate.js';
import {
  activeJobs,
  type CompanyGraph,
  companyGraph,
  GRAPH_JOBS_WITHOUT_FILTER,
  type GraphEdge,
  type GraphJob,
  type GraphNode,
} from './graph.service.js';

/**
 * The company graph (/reports/graph, issue 27): what is tied to a job, for whoever reads jobs. Foremen and PMs come
 * with the job (as getJobById gives them); crew needs scheduling or people read; containers and tools need tools
 * read; vendors need ordering read (ordering_basic: only vendors of their own orders).
 */
const READ_JOBS: Rule = { area: 'projects', action: 'read' };

const NodeRef = builder.objectRef<GraphNode>('GraphNode').implement({
  description:
    'kind: job, person, container, tool or vendor; ref_id: the record id. detail: a person\'s roles ("foreman, crew"), ' +
    "a container's tool count, a tool's number, a vendor's open orders.",
  fields: (t) => ({
    id: t.exposeString('id'),
    kind: t.exposeString('kind'),
    label: t.exposeString('label'),
    ref_id: t.exposeInt('ref_id'),
    detail: t.exposeString('detail', { nullable: true }),
  }),
});

const EdgeRef = builder.objectRef<GraphEdge>('GraphEdge').implement({
  description:
    'kind: foreman, pm, crew (job to person), at_job, assigned (job or person to container), holds (container to tool), orders (job to vendor).',
  fields: (t) => ({
    id: t.exposeString('id'),
    source: t.exposeString('source'),
    target: t.exposeString('target'),
    kind: t.exposeString('kind'),
  }),
});

const JobRef = builder.objectRef<GraphJob>('GraphJob').implement({
  fields: (t) => ({ id: t.exposeInt('id'), label: t.exposeString('label') }),
});

const GraphRef = builder.objectRef<CompanyGraph>('CompanyGraph').implement({
  description:
    'nodes and edges around one job (jobs_id) or, without it, the first active job by name; at most 500 nodes and 20 ' +
    'tools per container (truncated: something was cut). jobs: every active job (up to 500), for the job filter.',
  fields: (t) => ({
    nodes: t.field({ type: [NodeRef], resolve: (g) => g.nodes }),
    edges: t.field({ type: [EdgeRef], resolve: (g) => g.edges }),
    jobs: t.field({ type: [JobRef], resolve: (g) => g.jobs }),
    truncated: t.exposeBoolean('truncated'),
  }),
});

tenantQuery('companyGraph', READ_JOBS, {
  type: GraphRef,
  description:
    'The company as a graph: jobs, their foremen, PMs and crew scheduled in the next 14 days, containers at the job or ' +
    'kept by those people with their tools, vendors with open orders for the job. kinds: the node kinds wanted ' +
    `(${GRAPH_NODE_KINDS.join(', ')}; default all). today: the caller's local date (YYYY-MM-DD).`,
  args: (t) => ({
    jobs_id: t.int({ required: false }),
    kinds: t.stringList({ required: false }),
    today: t.string({ required: false }),
  }),
  resolve: async (args, g) => {
    const parsed = companyGraphArgs.safeParse({ jobs_id: args.jobs_id, kinds: args.kinds, today: args.today });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? '');
      throw new AppError('VALIDATION', atField(field, fromText(issue.message)), { field });
    }
    const { jobs_id, kinds, today } = parsed.data;
    const { permissions, off, tenantUuid: tenant, employeeId } = g.member;
    const can = (area: Parameters<typeof accessTo>[1]) => accessTo(permissions, area, 'read', off);
    const list = await activeJobs(g.tx, tenant);
    let chosen = list.slice(0, GRAPH_JOBS_WITHOUT_FILTER);
    if (jobs_id != null) {
      chosen = list.filter((j) => j.id === jobs_id);
      if (!chosen.length) throw notFound(msg('common.jobNotFound'), { field: 'jobs_id' });
    }
    const graph = await companyGraph(g.tx, tenant, chosen, today ?? new Date().toISOString().slice(0, 10), {
      kinds: new Set<GraphNodeKind>(kinds?.length ? kinds : GRAPH_NODE_KINDS),
      people: true,
      crew: can('scheduling') !== null || can('people') !== null,
      tools: can('tools') !== null,
      orders: can('ordering'),
      me: employeeId,
    });
    return { ...graph, jobs: list };
  },
});
