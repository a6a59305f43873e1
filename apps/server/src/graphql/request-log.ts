import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Kind, type OperationDefinitionNode, type ValueNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { describeOperation } from '../platform/metrics.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every log line of a GraphQL request, its "request completed" line included, carries the operation (its first
 * root field, bounded by the schema) and the company it asked for (`tenant_uuid`, when it is a well-formed id),
 * beside Fastify's request id. Variables other than the company's id are never logged.
 */
export function requestLogPlugin(): Plugin<LogHolder> {
  return {
    onExecute({ args }) {
      bindOperationLog(args.contextValue, args.document, args.operationName ?? undefined, args.variableValues ?? {});
    },
  };
}

type LogHolder = { req?: FastifyRequest; reply?: FastifyReply; log?: FastifyBaseLogger };

/** The request's logger from now on carries the operation and the company (also for graphql/fast-queries.ts). */
export function bindOperationLog(
  ctx: LogHolder,
  document: Parameters<typeof describeOperation>[0],
  operationName: string | undefined,
  variables: Record<string, unknown>,
): void {
  // A silent logger writes nothing, so what it carries does not matter (a child and its bindings cost ~20 µs).
  if (!ctx.req || ctx.req.log.level === 'silent') return;
  const op = describeOperation(document, operationName);
  const tenant = tenantOf(document, operationName, variables);
  const bindings = { operation: op.name, ...(tenant ? { tenant_uuid: tenant } : {}) };
  const key = `${op.name} ${tenant ?? ''}`;
  // The same operation again on this request (the short way's fallback to Yoga, graphql/fast-queries.ts): its
  // logger carries them already, and a second time would write each key twice.
  if (bound.get(ctx.req) === key) return;
  const log = ctx.req.log as FastifyBaseLogger & { setBindings?: (b: Record<string, unknown>) => void };
  // Fastify's logger of this request is its own child (its request id): it takes the bindings itself, no child of a
  // child per request. Without one (a logger of another kind), a child carries them.
  // Another operation of a batch gets a child of its own, as before.
  if (typeof log.setBindings === 'function' && log !== ctx.req.server.log && !bound.has(ctx.req)) {
    log.setBindings(bindings);
    bound.set(ctx.req, key);
    if (ctx.reply) ctx.reply.log = log;
    if (ctx.log) ctx.log = log;
    return;
  }
  const child = log.child(bindings);
  ctx.req.log = child;
  if (ctx.reply) ctx.reply.log = child;
  if (ctx.log) ctx.log = child;
}

/** Requests whose own logger carries an operation's bindings, and which. */
const bound = new WeakMap<FastifyRequest, string>();

function tenantOf(
  document: Parameters<typeof describeOperation>[0],
  operationName: string | undefined,
  variables: Record<string, unknown>,
): string | undefined {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const op = (operationName ? ops.find((o) => o.name?.value === operationName) : undefined) ?? ops[0];
  const field = op?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  if (field?.kind !== Kind.FIELD) return undefined;
  const arg = field.arguments?.find((a) => a.name.value === 'tenant_uuid');
  const value = arg ? argumentValue(arg.value, variables) : undefined;
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;
}

function argumentValue(node: ValueNode, variables: Record<string, unknown>): unknown {
  if (node.kind === Kind.VARIABLE) return variables[node.name.value];
  if (node.kind === Kind.STRING) return node.value;
  return undefined;
}
