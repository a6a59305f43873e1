import { type Access, type Action, type Area, accessTo } from '@groundwork/core/permissions';
import type {
  ArgBuilder,
  FieldNullability,
  InputFieldMap,
  InputShapeFromFields,
  MaybePromise,
  ShapeFromTypeParam,
  TypeParam,
} from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import type { Tx } from '../db/client.js';
import type { SessionClaims } from '../identity/session.js';
import type { Member } from '../modules/employees/membership.js';
import { builder } from './builder.js';
import type { Ctx } from './context.js';
import { claimDeviceMutation } from './device-mutations.js';
import { forbidden, notFound, unauthenticated } from './errors.js';
import type { TenantGate } from './tenant-gate.js';

/** Membership lives with the people module (modules/employees/membership.ts); re-exported for the gate's users. */
export { loadMember, type Member } from '../modules/employees/membership.js';
/** The gate's connection holder lives in tenant-gate.ts (no request types, so the context can name it without a cycle). */
export { preparedStatements, readClient, TenantGate } from './tenant-gate.js';

/**
 * Which area of the permission matrix an operation belongs to, and what it does there. `changesAccess`:
 * the operation can change who may do what in the company (status, admin flag, groups, module switches),
 * so once it commits, the company's cached members are dropped on every instance. `heavy`: its work grows with the
 * company's size (reports and their PDF, the schedule board, the chatbot's steps), so it runs in one of the company's
 * few lanes (company-lanes.ts) and waits its turn while they are busy, so one company's heavy work cannot slow the rest.
 */
export type Rule = { area: Area; action: Action; changesAccess?: boolean; heavy?: boolean };

/** What the gate hands a resolver: the walled transaction, the checked member and their access. */
export type Gated = {
  tx: Tx;
  member: Member;
  /** 'own' when the member may reach only their own rows of the area (spec §6). */
  access: Exclude<Access, null>;
  ctx: Ctx;
  /**
   * Runs after the transaction commits (events, mail, cache invalidation), before the operation answers;
   * never if it rolls back. A callback that needs the company's data again enters the gate again.
   */
  afterCommit(fn: () => void | Promise<void>): void;
};

type SessionLike = { session: SessionClaims | null; gate: TenantGate };

/**
 * The tenant gate: the session's company must be the one named, the caller an active member, and the
 * permission matrix must allow `rule` (module switch included). Then `fn` runs in the walled transaction;
 * callbacks it registers with afterCommit run once the transaction has committed.
 */
export async function enterTenant<T>(
  ctx: Ctx,
  tenantUuid: string,
  rule: Rule,
  fn: (g: Gated) => Promise<T>,
  opts: { readOnly?: boolean } = {},
): Promise<T> {
  // Only the session's own company queues (a request naming another is refused by the gate at once, never waits).
  if (rule.heavy && ctx.session?.tid === tenantUuid) {
    return ctx.gate.lanes.run(tenantUuid, () => enterTenantNow(ctx, tenantUuid, rule, fn, opts));
  }
  return enterTenantNow(ctx, tenantUuid, rule, fn, opts);
}

async function enterTenantNow<T>(
  ctx: Ctx,
  tenantUuid: string,
  rule: Rule,
  fn: (g: Gated) => Promise<T>,
  opts: { readOnly?: boolean },
): Promise<T> {
  const after: (() => void | Promise<void>)[] = [];
  if (rule.changesAccess) after.push(() => ctx.gate.cache.invalidateTenant(tenantUuid));
  const dm = ctx.deviceMutation;
  const result = await gateOnly(
    ctx,
    tenantUuid,
    rule,
    async (tx, member, access) => {
      // A queued change from a phone: its id is recorded in the change's first write transaction, so a resend
      // can never apply it twice (graphql/device-mutations.ts).
      if (dm && dm !== 'invalid' && dm.active && !dm.claimed && !opts.readOnly) {
        await claimDeviceMutation(tx, tenantUuid, member.employeeId, dm);
        after.push(() => {
          dm.committed = true;
        });
      }
      return fn({ tx, member, access, ctx, afterCommit: (f) => after.push(f) });
    },
    opts.readOnly,
  );
  for (const f of after) await f();
  return result;
}

/** The gate for callers without a GraphQL context (the file routes): same checks, same walls. */
export function gateOnly<T>(
  ctx: SessionLike,
  tenantUuid: string,
  rule: Rule,
  fn: (tx: Tx, member: Member, access: 'all' | 'own') => Promise<T>,
  readOnly = false,
): Promise<T> {
  const { session } = ctx;
  if (!session) return Promise.reject(unauthenticated());
  if (!session.tid || session.tid !== tenantUuid) return Promise.reject(notFound());
  return ctx.gate.run(
    session.sub,
    tenantUuid,
    (tx, member) => {
      const access = accessTo(member.permissions, rule.area, rule.action, member.off);
      if (!access) throw forbidden();
      return fn(tx, member, access);
    },
    readOnly,
  );
}

// --- Pothos: the only way to define an operation on company data -------------------------------------

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

type GatedFieldOptions<Type extends TypeParam<Types>, Nullable extends FieldNullability<Type>, Args extends InputFieldMap> = {
  type: Type;
  nullable?: Nullable;
  description?: string;
  /** The operation's own arguments; the gate adds `tenant_uuid: ID!`. */
  args?: (arg: ArgBuilder<Types>) => Args;
  resolve: (
    args: InputShapeFromFields<Args> & { tenant_uuid: string },
    g: Gated,
    info: GraphQLResolveInfo,
  ) => MaybePromise<ShapeFromTypeParam<Types, Type, Nullable>>;
  /**
   * Queries only: callers with access `all` asking for the same `share(args, info)` key at once share one answer
   * (shared-reads.ts). The key must name everything the answer depends on besides the company: the arguments and
   * what the query selects that changes the work.
   */
  share?: (args: InputShapeFromFields<Args> & { tenant_uuid: string }, info: GraphQLResolveInfo) => string;
};

function gatedField(kind: 'query' | 'mutation') {
  return <Type extends TypeParam<Types>, Nullable extends FieldNullability<Type> = false, Args extends InputFieldMap = {}>(
    name: string,
    rule: Rule,
    options: GatedFieldOptions<Type, Nullable, Args>,
  ) => {
    const define = kind === 'query' ? builder.queryField.bind(builder) : builder.mutationField.bind(builder);
    define(name, (t) =>
      t.field({
        type: options.type,
        nullable: options.nullable,
        description: options.description,
        args: { ...(options.args?.(t.arg) ?? {}), tenant_uuid: t.arg.id({ required: true }) },
        resolve: (_root: unknown, args: Record<string, unknown>, ctx: Ctx, info: GraphQLResolveInfo) => {
          const tenantUuid = args.tenant_uuid as string;
          const run = (g: Gated) => Promise.resolve(options.resolve(args as never, g, info));
          if (kind === 'query' && options.share) return enterShared(ctx, tenantUuid, rule, options.share(args as never, info), run);
          return enterTenant(ctx, tenantUuid, rule, run, { readOnly: kind === 'query' });
        },
      } as never),
    );
  };
}

/**
 * A shareable read: the whole gate for this caller (session, company, active member, and access `all` to the rule),
 * then the company's flight for `key` if one is in progress, else this caller's own read as the flight. A caller
 * with less than `all` (who may see less) never shares: the operation runs for them alone.
 */
async function enterShared<T>(ctx: Ctx, tenantUuid: string, rule: Rule, key: string, fn: (g: Gated) => Promise<T>): Promise<T> {
  const own = () => enterTenant(ctx, tenantUuid, rule, fn, { readOnly: true });
  const { session } = ctx;
  if (!session) throw unauthenticated();
  if (session.tid !== tenantUuid) throw notFound();
  const member = await ctx.gate.member(session.sub, tenantUuid);
  if (!member) throw notFound();
  if (accessTo(member.permissions, rule.area, rule.action, member.off) !== 'all') return own();
  return ctx.gate.shared.run(tenantUuid, `${rule.area}\u0000${key}`, own);
}

/** A query on company data, behind the gate. */
export const tenantQuery = gatedField('query');
/** A mutation on company data, behind the gate. */
export const tenantMutation = gatedField('mutation');

/**
 * Work on company data in short walled steps, for an operation that waits on something slow between them (the
 * chatbot's model): no transaction is held while it waits. Each `enter` is the whole gate again (the session still
 * live, the company the session's, the caller an active member, the rule allowed) in its own transaction, committed
 * when the step ends; its afterCommit callbacks run then.
 */
export type Steps = { enter<T>(fn: (g: Gated) => Promise<T>, opts?: { readOnly?: boolean }): Promise<T> };

function tenantSteps(ctx: Ctx, tenantUuid: string, rule: Rule): Steps {
  let entered = false;
  return {
    async enter(fn, opts) {
      // The request's own session was read just now for the first step; a later one may come many seconds after.
      if (entered && !(await ctx.sessionStillLive())) throw unauthenticated();
      entered = true;
      return enterTenant(ctx, tenantUuid, rule, fn, opts);
    },
  };
}

type StepArgs<Args extends InputFieldMap> = InputShapeFromFields<Args> & { tenant_uuid: string };

/** A mutation on company data whose resolver enters the gate in steps (`tenantSteps`), never holding one transaction. */
export function tenantStepMutation<Type extends TypeParam<Types>, Args extends InputFieldMap = InputFieldMap>(
  name: string,
  rule: Rule,
  options: {
    type: Type;
    description?: string;
    args?: (arg: ArgBuilder<Types>) => Args;
    resolve: (args: StepArgs<Args>, steps: Steps, ctx: Ctx) => Promise<ShapeFromTypeParam<Types, Type, false>>;
  },
): void {
  builder.mutationField(name, (t) =>
    t.field({
      type: options.type,
      description: options.description,
      args: { ...(options.args?.(t.arg) ?? {}), tenant_uuid: t.arg.id({ required: true }) },
      resolve: (_root: unknown, args: StepArgs<Args>, ctx: Ctx) => options.resolve(args, tenantSteps(ctx, args.tenant_uuid, rule), ctx),
    } as never),
  );
}

/**
 * A subscription that does work on company data in steps and streams its progress (the chatbot's streamed answer):
 * `subscribe` enters the gate (`tenantSteps`) for each piece of work; what it throws before answering with its
 * events is the operation's error.
 */
export function tenantStepSubscription<Type extends TypeParam<Types>, Event, Args extends InputFieldMap = InputFieldMap>(
  name: string,
  rule: Rule,
  options: {
    type: Type;
    description?: string;
    args?: (arg: ArgBuilder<Types>) => Args;
    subscribe: (args: StepArgs<Args>, steps: Steps, ctx: Ctx) => Promise<AsyncIterable<Event>>;
    resolve: (event: Event) => ShapeFromTypeParam<Types, Type, false>;
  },
): void {
  builder.subscriptionField(name, (t) =>
    t.field({
      type: options.type,
      description: options.description,
      args: { ...(options.args?.(t.arg) ?? {}), tenant_uuid: t.arg.id({ required: true }) },
      subscribe: (_root: unknown, args: StepArgs<Args>, ctx: Ctx) => options.subscribe(args, tenantSteps(ctx, args.tenant_uuid, rule), ctx),
      resolve: (event: Event) => options.resolve(event),
    } as never),
  );
}

/**
 * A subscription on company data: the gate checks the caller when the stream starts, and again (through
 * the short-lived cache) before each event, so the stream ends once the session or the membership does.
 */
export function tenantSubscription<Type extends TypeParam<Types>, Event>(
  name: string,
  rule: Rule,
  options: {
    type: Type;
    description?: string;
    /** The events for this member; `access` says whether they may see only their own. */
    source: (member: Member, access: 'all' | 'own', ctx: Ctx) => AsyncIterable<Event>;
    resolve: (event: Event) => ShapeFromTypeParam<Types, Type, false>;
  },
): void {
  builder.subscriptionField(name, (t) =>
    t.field({
      type: options.type,
      description: options.description,
      args: { tenant_uuid: t.arg.id({ required: true }) },
      subscribe: async (_root: unknown, args: { tenant_uuid: string }, ctx: Ctx) => {
        const { session } = ctx;
        if (!session) throw unauthenticated();
        if (!session.tid || session.tid !== args.tenant_uuid) throw notFound();
        const check = async () => {
          if (!(await ctx.sessionStillLive())) return null;
          const member = await ctx.gate.member(session.sub, args.tenant_uuid);
          if (!member) return null;
          const access = accessTo(member.permissions, rule.area, rule.action, member.off);
          return access ? { member, access } : null;
        };
        const first = await check();
        if (!first) throw (await ctx.gate.member(session.sub, args.tenant_uuid)) ? forbidden() : notFound();
        return recheckEach(options.source(first.member, first.access, ctx), async () => (await check()) !== null);
      },
      resolve: (event: Event) => options.resolve(event),
    } as never),
  );
}

/** Passes events on while `stillAllowed` says so; the first refusal ends the stream (and its source). */
async function* recheckEach<E>(source: AsyncIterable<E>, stillAllowed: () => Promise<boolean>): AsyncGenerator<E> {
  const it = source[Symbol.asyncIterator]();
  try {
    while (true) {
      const next = await it.next();
      if (next.done) return;
      if (!(await stillAllowed())) return;
      yield next.value;
    }
  } finally {
    await it.return?.();
  }
}
