import { type DocumentNode, type GraphQLError, Kind, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import client from 'prom-client';

/**
 * The operator's numbers (issue 25), in Prometheus' text format at /metrics: request rate and latency by route,
 * GraphQL operations by root field with their latency and errors by code, the database pool, the mail/SMS queue's
 * depth and age, open SSE streams, and the process's own (memory, event-loop lag, GC). One registry per app, so two
 * apps in one test process never share counters.
 *
 * Labels are bounded by the schema and the route table, never by what a client sends: an operation is named by
 * its first root field (`listJobs`, or `listJobs+` when a document asks for several), not by its operationName.
 */
export type Metrics = {
  registry: client.Registry;
  /** Counts and times one finished HTTP request. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** An SSE stream opened; the returned function marks it closed (idempotent). */
  sseOpened(): () => void;
  /** The envelop plugin that times GraphQL operations and counts their errors by code. */
  graphqlPlugin: Plugin;
  /** The same for an operation run outside Yoga (graphql/fast-queries.ts): starts the timer, the result stops it. */
  operationTimer(document: DocumentNode, operationName: string | undefined): (result: unknown) => void;
};

export type MetricsSources = {
  /** The database pool's connections, PostgreSQL only. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Messages waiting in the outbox for delivery and the oldest one's age in seconds. */
  queue?: () => Promise<{ depth: number; oldestAgeSeconds: number }>;
  /** Queries answered by another request's read in flight since start (graphql/shared-reads.ts). */
  sharedReads?: () => number;
  /** Queries answered on the short way, without Yoga, since start (graphql/fast-queries.ts). */
  fastQueries?: () => number;
};

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'groundwork_' });

  const requests = new client.Counter({
    name: 'groundwork_http_requests_total',
    help: 'HTTP requests answered, by method, route and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new client.Histogram({
    name: 'groundwork_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const operations = new client.Histogram({
    name: 'groundwork_graphql_operation_duration_seconds',
    help: 'Time to execute a GraphQL query or mutation, by its first root field.',
    labelNames: ['operation', 'type'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'groundwork_graphql_errors_total',
    help: 'Errors in GraphQL answers, by operation and error code.',
    labelNames: ['operation', 'code'] as const,
    registers: [registry],
  });
  const sse = new client.Gauge({
    name: 'groundwork_sse_connections',
    help: 'Open server-sent event streams (GraphQL subscriptions).',
    registers: [registry],
  });
  if (sources.pool) {
    const pool = sources.pool;
    new client.Gauge({
      name: 'groundwork_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting clients).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  const countOf = (name: string, help: string, read: (() => number) | undefined) => {
    if (!read) return;
    new client.Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  };
  countOf(
    'groundwork_graphql_shared_reads_total',
    "Queries answered by another request's read of the same company's same data already in flight.",
    sources.sharedReads,
  );
  countOf('groundwork_graphql_fast_queries_total', 'Queries answered without Yoga, as a document Yoga ran before.', sources.fastQueries);
  if (sources.queue) {
    const queue = sources.queue;
    let last: Promise<{ depth: number; oldestAgeSeconds: number }> | null = null;
    // Both gauges read one query per scrape.
    const read = () => {
      last ??= queue().finally(() => setTimeout(() => (last = null), 0));
      return last;
    };
    new client.Gauge({
      name: 'groundwork_queue_depth',
      help: 'Messages (e-mail, SMS) waiting in the outbox for delivery.',
      registers: [registry],
      async collect() {
        this.set((await read()).depth);
      },
    });
    new client.Gauge({
      name: 'groundwork_queue_oldest_age_seconds',
      help: 'Age of the oldest message waiting in the outbox, 0 when none waits.',
      registers: [registry],
      async collect() {
        this.set((await read()).oldestAgeSeconds);
      },
    });
  }

  const operationTimer = (document: DocumentNode, operationName: string | undefined) => {
    const op = describeOperation(document, operationName);
    const end = operations.startTimer({ operation: op.name, type: op.type });
    return (result: unknown) => {
      end();
      // A subscription's result is a stream: its errors come later, one event at a time, and are not counted here.
      if (result && typeof result === 'object' && 'errors' in result && Array.isArray(result.errors)) {
        for (const err of result.errors as readonly GraphQLError[]) {
          errors.inc({ operation: op.name, code: String(err.extensions?.code ?? 'INTERNAL_SERVER_ERROR') });
        }
      }
    };
  };
  const graphqlPlugin: Plugin = {
    onExecute({ args }) {
      const done = operationTimer(args.document, args.operationName ?? undefined);
      return { onExecuteDone: ({ result }) => done(result) };
    },
  };

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      requestSeconds.observe({ method, route }, seconds);
    },
    sseOpened() {
      sse.inc();
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        sse.dec();
      };
    },
    graphqlPlugin,
    operationTimer,
  };
}

const described = new WeakMap<DocumentNode, Map<string, { type: string; name: string }>>();

/** The operation's type and first root field, from the document (bounded by the schema), never the client's name. */
export function describeOperation(document: DocumentNode, operationName?: string): { type: string; name: string } {
  // Yoga and the short way hand over the same parsed document for the same text: worked out once per document.
  let byName = described.get(document);
  if (!byName) {
    byName = new Map();
    described.set(document, byName);
  }
  const key = operationName ?? '';
  let found = byName.get(key);
  if (!found) {
    found = describe(document, operationName);
    if (byName.size < 16) byName.set(key, found);
  }
  return found;
}

function describe(document: DocumentNode, operationName?: string): { type: string; name: string } {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const op = (operationName ? ops.find((o) => o.name?.value === operationName) : undefined) ?? ops[0];
  if (!op) return { type: 'unknown', name: 'unknown' };
  const fields = op.selectionSet.selections.filter((s) => s.kind === Kind.FIELD);
  const first = fields[0]?.kind === Kind.FIELD ? fields[0].name.value : 'unknown';
  return { type: op.operation, name: fields.length > 1 ? `${first}+` : first };
}
