import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
import type { Metrics } from '../platform/metrics.js';
import { describeOperation } from '../platform/metrics.js';
import type { Ctx } from './context.js';
import { DEVICE_MUTATION_HEADER } from './device-mutations.js';
import { variablesPass } from './request-guards.js';
import { bindOperationLog } from './request-log.js';

/**
 * The short way for the queries clients send again and again (issue 49): a phone's lists, its time card, the board.
 * Yoga turns each request into a fetch Request and its answer into a fetch Response, parses, validates and runs its
 * plugins; for a list that is a fifth of the server's time per request. A query document Yoga has once run whole
 * (parsed, validated against the schema and the armor's limits, introspection refused) is remembered by its text and
 * operation name, compiled once with graphql-jit as Yoga's own path does; the next request with that exact text is
 * run here: the same context, the same metrics and request log, the same JSON bytes and content type.
 *
 * Everything else goes to Yoga as before: mutations and subscriptions, a document not seen yet or not a plain query,
 * batches, GET and form posts (the CSRF check), a phone's queued change (its header), a request whose Accept Yoga
 * has not yet answered, variables limitBatchSize refuses (too deep, too long, a NUL), and any request whose result
 * has errors, which Yoga then runs and answers with its error
 * masking and codes (a query reads only, so running it again changes nothing).
 */
export class FastQueries {
  /** Remembered documents by operation name and text, oldest first (a Map keeps insertion order). */
  private readonly documents = new Map<string, { document: DocumentNode; compiled: CompiledQuery; operationName?: string }>();
  /** The content type Yoga answered a query with, by the request's Accept header. */
  private readonly contentTypes = new Map<string, string>();
  /** Requests answered here since start (tests). */
  answered = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly eligible: (document: DocumentNode) => boolean,
    private readonly metrics: Pick<Metrics, 'operationTimer'>,
    private readonly limit = 500,
  ) {}

  /** Learns, from a request Yoga is about to execute, a plain query document to answer here next time. */
  plugin(): Plugin<{ req?: FastifyRequest }> {
    return {
      onExecute: ({ args }) => {
        const req = args.contextValue.req;
        const body = req && plainBody(req);
        if (!req || !body || typeof body.query !== 'string') return;
        const operationName = args.operationName ?? undefined;
        if (describeOperation(args.document, operationName).type !== 'query' || !this.eligible(args.document)) return;
        learning.add(req);
        const key = keyOf(body.query, operationName);
        if (this.documents.has(key)) return;
        const compiled = compileQuery(this.schema, args.document, operationName);
        if (!isCompiledQuery(compiled)) return;
        if (this.documents.size >= this.limit) this.documents.delete(this.documents.keys().next().value as string);
        this.documents.set(key, { document: args.document, compiled, operationName });
      },
    };
  }

  /** After Yoga answered: the content type it chose for this Accept header, when the request was a plain query. */
  learnAnswer(req: FastifyRequest, status: number, contentType: string | null): void {
    if (!learning.has(req)) return;
    learning.delete(req);
    const accept = req.headers.accept ?? '';
    if (status !== 200 || !contentType || this.contentTypes.has(accept) || this.contentTypes.size >= 64) return;
    if (/^application\/(graphql-response\+)?json\b/i.test(contentType)) this.contentTypes.set(accept, contentType);
  }

  /** Answers the request here when it is a remembered query whose result has no errors; false leaves it to Yoga. */
  async answer(req: FastifyRequest, reply: FastifyReply, context: () => Promise<Ctx>): Promise<boolean> {
    const body = plainBody(req);
    if (!body || typeof body.query !== 'string' || body.extensions != null) return false;
    const { operationName } = body;
    if (operationName != null && typeof operationName !== 'string') return false;
    const variables = body.variables ?? {};
    // Too deep, too long or a NUL: Yoga refuses it (limitBatchSize), before anything runs.
    if (typeof variables !== 'object' || Array.isArray(variables) || !variablesPass(variables)) return false;
    const contentType = this.contentTypes.get(req.headers.accept ?? '');
    const entry = this.documents.get(keyOf(body.query, operationName ?? undefined));
    if (!contentType || !entry) return false;

    const ctx = { ...(await context()), req, reply };
    const logs = { req: req.log, reply: reply.log };
    bindOperationLog(ctx, entry.document, entry.operationName, variables as Record<string, unknown>);
    const done = this.metrics.operationTimer(entry.document, entry.operationName);
    const result = await entry.compiled.query(undefined, ctx, variables as Record<string, unknown>);
    if (result.errors?.length || !result.data) {
      // Yoga runs it again and answers with its error handling; the request's logger is as it found it.
      req.log = logs.req;
      reply.log = logs.reply;
      return false;
    }
    done(result);
    this.answered++;
    reply.status(200).header('content-type', contentType).send(entry.compiled.stringify(result));
    return true;
  }
}

/** Requests Yoga is running a plain query for (so its answer's content type can be learned). */
const learning = new WeakSet<FastifyRequest>();

const keyOf = (query: string, operationName: string | undefined) => `${operationName ?? ''}\u0000${query}`;

/**
 * The JSON body of a POST a browser could only send after a CORS preflight (application/json), with no phone's
 * queued change: the requests that may take the short way. Anything else is Yoga's.
 */
function plainBody(req: FastifyRequest): Record<string, unknown> | null {
  if (req.method !== 'POST' || req.headers[DEVICE_MUTATION_HEADER] !== undefined) return null;
  const type = req.headers['content-type'];
  if (!type || !/^application\/json\s*(;|$)/i.test(type)) return null;
  const body = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}
