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
import { drizzle } from 'drizzle-orm/node-postgres';
import type { GraphQLResolveInfo } from 'graphql';
import pg from 'pg';
import type { Db, Tx } from '../db/client.js';
import { withIdentity, withTenant } from '../db/with-tenant.js';
import type { SessionClaims } from '../identity/session.js';
import { loadMemberIn, type Member } from '../modules/employees/membership.js';
import type { AccessCache } from './access-cache.js';
import { builder } from './builder.js';
import type { Ctx } from './context.js';
import { forbidden, notFound, unauthenticated } from './errors.js';

/** Membership lives with the people module (modules/employees/membership.ts); re-exported for the gate's users. */
export { loadMember, loadMemberIn, type Member } from '../modules/employees/membership.js';

/**
 * Which area of the permission matrix an operation belongs to, and what it does there. `changesAccess`:
 * the operation can change who may do what in the company (status, admin flag, groups, module switches),
 * so once it commits, the company's cached members are dropped on every instance.
 */
export type Rule = { area: Area; action: Action; changesAccess?: boolean };

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

/**
 * The only holder of the owning connection on the request path. Company data is reached through `run`
 * (the walled transaction with a checked member); the few global reads go through the narrow methods.
 */
export class TenantGate {
  /**
   * The read path's own pool of connections on PostgreSQL, used by nothing else: each borrower walls its
   * connection before its first query, so no reset is needed between borrowers. Null on PGlite (one
   * session for everyone: reads need a transaction there).
   */
  private readonly pool: pg.Pool | null;

  constructor(
    private readonly db: Db,
    readonly cache: AccessCache<unknown, Member | null>,
  ) {
    const client = (db as { $client?: unknown }).$client;
    this.pool = client instanceof pg.Pool ? new pg.Pool((client as unknown as { options: pg.PoolConfig }).options) : null;
    this.pool?.on('error', () => {
      // An idle connection the server dropped: the pool replaces it on the next borrow.
    });
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }

  /**
   * Wall 1 and wall 3: opens the company's walled transaction (or, for a read on PostgreSQL, a walled
   * connection), loads the member (cached briefly) and hands both to `fn`. Not a member (any more):
   * NOT_FOUND, as if the company did not exist.
   */
  async run<T>(identity: string, tenantUuid: string, fn: (tx: Tx, member: Member) => Promise<T>, readOnly = false): Promise<T> {
    const inside = async (tx: Tx) => {
      let member = this.cache.getMember(identity, tenantUuid);
      if (member === undefined) {
        const startedAt = this.cache.begin();
        member = await loadMemberIn(tx, identity, tenantUuid);
        this.cache.setMember(identity, tenantUuid, member, startedAt);
      }
      if (!member) throw notFound();
      return fn(tx, member);
    };
    return readOnly && this.pool ? this.read(this.pool, tenantUuid, inside) : withTenant(this.db, tenantUuid, inside);
  }

  /**
   * The read path: no BEGIN and COMMIT, at most one round trip to wall the connection (app_user, this
   * tenant) before the reads. The walls stay on the connection until a borrower for another company sets
   * its own first thing; a connection whose walling failed is closed, never reused.
   */
  private async read<T>(pool: pg.Pool, tenantUuid: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let walled = false;
    try {
      // A connection still walled to this company (its last borrower's) needs no new round trip: nothing but
      // this method ever uses these connections, and it sets both walls before any other query.
      if (walledTo.get(client) !== tenantUuid) {
        walledTo.delete(client);
        await client.query(WALL, [tenantUuid]);
        walledTo.set(client, tenantUuid);
      }
      walled = true;
      let tx = readers.get(client);
      if (!tx) {
        tx = drizzle(client) as unknown as Tx;
        readers.set(client, tx);
        statements.set(tx, new Map());
      }
      return await fn(tx);
    } finally {
      if (!walled) walledTo.delete(client);
      client.release(walled ? undefined : new Error('walling the connection failed'));
    }
  }

  /** The member, or null, without running anything else: for checks outside a transaction (subscriptions). */
  async member(identity: string, tenantUuid: string): Promise<Member | null> {
    const cached = this.cache.getMember(identity, tenantUuid);
    if (cached !== undefined) return cached;
    const startedAt = this.cache.begin();
    const member = await withTenant(this.db, tenantUuid, (tx) => loadMemberIn(tx, identity, tenantUuid));
    this.cache.setMember(identity, tenantUuid, member, startedAt);
    return member;
  }

  /** As app_user with only an identity set: that identity's own membership rows and their companies. */
  asIdentity<T>(identity: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return withIdentity(this.db, identity, fn);
  }

  /** A company that does not exist yet (createTenant): its walled transaction, with no member to check. */
  founding<T>(tenantUuid: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return withTenant(this.db, tenantUuid, fn);
  }
}

/** One drizzle handle per pooled connection, made once: the read path runs on the connection it walled. */
const readers = new WeakMap<pg.PoolClient, Tx>();
/** The company each read connection is walled to now (session-level settings stay until changed). */
const walledTo = new WeakMap<pg.PoolClient, string>();
/** Each read connection's prepared statements, by operation shape. */
const statements = new WeakMap<Tx, Map<string, unknown>>();

/**
 * The prepared statements of the connection `tx` reads on, for SQL built once per operation shape and run
 * as a named statement (PostgreSQL parses and plans it once per connection); null inside a transaction.
 */
export function preparedStatements(tx: Tx): Map<string, unknown> | null {
  return statements.get(tx) ?? null;
}

const WALL = "select set_config('app.tenant_uuid', $1, false), set_config('role', 'app_user', false)";

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
  const after: (() => void | Promise<void>)[] = [];
  if (rule.changesAccess) after.push(() => ctx.gate.cache.invalidateTenant(tenantUuid));
  const result = await gateOnly(
    ctx,
    tenantUuid,
    rule,
    (tx, member, access) => fn({ tx, member, access, ctx, afterCommit: (f) => after.push(f) }),
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
        resolve: (_root: unknown, args: Record<string, unknown>, ctx: Ctx, info: GraphQLResolveInfo) =>
          enterTenant(ctx, args.tenant_uuid as string, rule, async (g) => options.resolve(args as never, g, info), {
            readOnly: kind === 'query',
          }),
      } as never),
    );
  };
}

/** A query on company data, behind the gate. */
export const tenantQuery = gatedField('query');
/** A mutation on company data, behind the gate. */
export const tenantMutation = gatedField('mutation');

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
