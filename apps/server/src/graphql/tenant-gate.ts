import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, guardPool, type Tx } from '../db/client.js';
import { onTenantWriteEnded, withIdentity, withTenant } from '../db/with-tenant.js';
import { loadMemberIn, loadMemberOn, type Member } from '../modules/employees/membership.js';
import type { AccessCache } from './access-cache.js';
import { CompanyLanes } from './company-lanes.js';
import { notFound } from './errors.js';
import { SharedReads } from './shared-reads.js';

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

  /** Each company's lanes for heavy operations (company-lanes.ts). */
  readonly lanes: CompanyLanes;

  /** Reads many callers of a company may share while one is in flight (shared-reads.ts). */
  readonly shared = new SharedReads();
  private readonly stopSharing: () => void;

  constructor(
    private readonly db: Db,
    readonly cache: AccessCache<unknown, Member | null>,
    heavyWorkPerCompany = 2,
    heavyWorkShare = 1,
  ) {
    this.lanes = new CompanyLanes(heavyWorkPerCompany, heavyWorkShare);
    this.stopSharing = onTenantWriteEnded((tenantUuid) => this.shared.forget(tenantUuid));
    const client = (db as { $client?: unknown }).$client;
    // A connection the database dropped (idle, or borrowed between two reads) is replaced on a later borrow; the
    // main pool's listener has already reported the outage (db/client.ts).
    // Pipelined: a read's walls and its first statement go out together, one round trip (read()). Each
    // connection starts as app_user with no company, so a statement on it sees no company's rows until walled.
    const options = client instanceof pg.Pool ? (client as unknown as { options: pg.PoolConfig }).options : null;
    this.pool = options
      ? guardPool(
          new pg.Pool({
            ...options,
            pipeline: true,
            options: [options.options, '-c role=app_user'].filter(Boolean).join(' '),
          } as pg.PoolConfig),
        )
      : null;
  }

  async close(): Promise<void> {
    this.stopSharing();
    await this.pool?.end();
  }

  /**
   * Wall 1 and wall 3: opens the company's walled transaction (or, for a read on PostgreSQL, a walled
   * connection), loads the member (cached briefly) and hands both to `fn`. Not a member (any more):
   * NOT_FOUND, as if the company did not exist.
   */
  async run<T>(identity: string, tenantUuid: string, fn: (tx: Tx, member: Member) => Promise<T>, readOnly = false): Promise<T> {
    const inside = async (tx: Tx) => {
      // Read on the connection this request holds (`true`): it joins no read that may wait for a connection.
      const member = await this.cache.member(
        identity,
        tenantUuid,
        () => {
          const client = readClients.get(tx);
          return client ? loadMemberOn(client, identity, tenantUuid) : loadMemberIn(tx, identity, tenantUuid);
        },
        true,
      );
      if (!member) throw notFound();
      return fn(tx, member);
    };
    // Counted in flight for the company lanes' share: a company's heavy work yields while others are served.
    return this.lanes.track(tenantUuid, () =>
      readOnly && this.pool ? this.read(this.pool, tenantUuid, inside) : withTenant(this.db, tenantUuid, inside, { readOnly }),
    );
  }

  /**
   * The read path: no BEGIN and COMMIT, at most one round trip to wall the connection (this tenant; it is
   * app_user from its start) before the reads. The walls stay on the connection until a borrower for another company sets
   * its own first thing; a connection whose walling failed is closed, never reused.
   */
  private async read<T>(pool: pg.Pool, tenantUuid: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let walled = false;
    try {
      let tx = readers.get(client);
      if (!tx) {
        tx = drizzle(client) as unknown as Tx;
        readers.set(client, tx);
        statements.set(tx, new Map());
        readClients.set(tx, client);
      }
      // A connection still walled to this company (its last borrower's) needs no walls again: nothing but
      // this method ever uses these connections, and it sets the company before any other query.
      if (walledTo.get(client) === tenantUuid) {
        walled = true;
        return await fn(tx);
      }
      walledTo.delete(client);
      // The walls are queued first, so PostgreSQL runs them before any of fn's statements; the connection is
      // pipelined, so they leave together. Nothing fn read is answered unless the walls were set: if they failed,
      // fn's statements ran under the last borrower's walls, so their result is dropped with the connection.
      // They leave in one write, too: the socket stays corked until the promise jobs that queue fn's first
      // statement (and the member's read, when it is not cached) have run. A socket write is the largest single
      // cost of a read on a busy machine (~90 µs of the server's thread, docs/scale.md).
      corkUntilTick(client);
      const walls = client.query({ name: 'gw_wall', text: WALL, values: [tenantUuid] }).then(() => {
        walled = true;
      });
      const [wallsDone, result] = await Promise.allSettled([walls, fn(tx)]);
      if (wallsDone.status === 'rejected') throw wallsDone.reason;
      walledTo.set(client, tenantUuid);
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    } finally {
      if (!walled) walledTo.delete(client);
      client.release(walled ? undefined : new Error('walling the connection failed'));
    }
  }

  /** The member, or null, without running anything else: for checks outside a transaction (subscriptions). */
  member(identity: string, tenantUuid: string): Promise<Member | null> {
    return this.cache.member(
      identity,
      tenantUuid,
      () => withTenant(this.db, tenantUuid, (tx) => loadMemberIn(tx, identity, tenantUuid), { readOnly: true }),
      false,
    );
  }

  /** As app_identity with only an identity set: that identity's own membership rows and their companies. */
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

/** The connection each read-path drizzle handle runs on, for raw statements run by name. */
const readClients = new WeakMap<Tx, pg.PoolClient>();

/** The pooled connection `tx` reads on (the read path on PostgreSQL); null inside a transaction. */
export function readClient(tx: Tx): pg.PoolClient | null {
  return readClients.get(tx) ?? null;
}

/**
 * The prepared statements of the connection `tx` reads on, for SQL built once per operation shape and run
 * as a named statement (PostgreSQL parses and plans it once per connection); null inside a transaction.
 */
export function preparedStatements(tx: Tx): Map<string, unknown> | null {
  return statements.get(tx) ?? null;
}

/**
 * Holds what `client` is asked to send until the current run of promise jobs is over (a tick runs only after
 * them), so statements queued in one go leave in one write. Nothing is held longer: the tick always comes.
 */
function corkUntilTick(client: pg.PoolClient): void {
  const socket = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (!socket?.cork || !socket.uncork) return;
  socket.cork();
  process.nextTick(() => socket.uncork?.());
}

/**
 * Run by name: parsed and planned once per connection, where many companies share few connections. Only the company:
 * the read pool's connections are app_user from their start (the startup options above), nothing on them sets another
 * role, and setting it again on every walling cost PostgreSQL ~10 µs a time (docs/scale.md).
 */
const WALL = "select set_config('app.tenant_uuid', $1, false)";

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's tenant gate (app.ts). */
    tenantGate: TenantGate;
  }
}
