import { Redis } from 'ioredis';
import type { Database } from '../db/client.js';

/**
 * How long a cached session or member may be served without asking the database. Every change to a
 * person's access drops the entries at once (here, and on the other instances through Redis or NOTIFY); the TTL
 * bounds what a change made behind the app's back (an operator's SQL) can take to show.
 */
export const ACCESS_CACHE_TTL_MS = 5_000;
/** A bound on memory: past this many entries the oldest are dropped first. */
const MAX_ENTRIES = 50_000;

type Entry<V> = { value: V; expires: number };
/**
 * A read of a session or member in flight: the invalidation generation it began in, and whether it runs on a
 * connection its caller already held (so it waits for no connection from the pool).
 */
type Flight = { generation: number; held: boolean; read: Promise<unknown> };

/** A small TTL map with insertion-order eviction: what the request path caches per process. */
class TtlMap<V> {
  private readonly map = new Map<string, Entry<V>>();
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    if (this.map.size >= MAX_ENTRIES) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, { value, expires: this.now() + this.ttlMs });
  }
  deleteWhere(test: (key: string) => boolean): void {
    for (const key of this.map.keys()) if (test(key)) this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

type Invalidation = { kind: 'tenant'; tenant: string } | { kind: 'sessions' } | { kind: 'all' };

/** Where invalidations go to and come from: Redis pub/sub when REDIS_URL is set, else PostgreSQL NOTIFY. */
type Fanout = {
  publish(message: string): Promise<unknown>;
  /** Whether this instance is subscribed right now (so its own broadcasts come back to it). */
  hearing(): boolean;
  close(): Promise<void>;
};
/** The longest an answer waits for its own broadcast to come back (see `settled`). */
const ECHO_WAIT_MS = 1_000;

/**
 * The request path's cache of sessions (by token) and of members (by identity and company). Reads are
 * served for at most ACCESS_CACHE_TTL_MS; invalidations are immediate on this instance and broadcast to
 * the others — through Redis when REDIS_URL is set, else through PostgreSQL's NOTIFY on the shared database
 * (PGlite is one process: nothing to broadcast). A removed person loses access on every instance within one
 * round trip, and within the TTL if the broadcast cannot be had.
 */
export class AccessCache<S, M> {
  private readonly sessions: TtlMap<S>;
  private readonly members: TtlMap<M>;
  /** Bumped by every invalidation: a load that began before one must not store what it read. */
  private generation = 0;
  /** Reads in flight, by key, with the generation they began in (`once`). */
  private readonly sessionReads = new Map<string, Flight>();
  private readonly memberReads = new Map<string, Flight>();
  private readonly fanout?: Fanout;
  private readonly channel: string;
  private readonly origin = Math.random().toString(36).slice(2);
  /** Broadcasts not yet delivered: an answer waits on them (settled), so the next request anywhere sees them. */
  private readonly pending = new Set<Promise<unknown>>();
  private sent = 0;
  /** This instance's own broadcasts it waits to hear back, by number. */
  private readonly echoes = new Map<number, () => void>();
  /** Settles once this instance hears the others' invalidations (at once when there is nothing to hear). */
  readonly ready: Promise<void> = Promise.resolve();

  constructor(
    opts: {
      ttlMs?: number;
      now?: () => number;
      redisUrl?: string;
      redisPrefix?: string;
      /** The shared PostgreSQL (its NOTIFY), used when there is no Redis. */
      database?: Pick<Database, 'notify' | 'listen'>;
      onError?: (err: Error) => void;
    } = {},
  ) {
    const ttl = opts.ttlMs ?? ACCESS_CACHE_TTL_MS;
    const now = opts.now ?? Date.now;
    this.sessions = new TtlMap(ttl, now);
    this.members = new TtlMap(ttl, now);
    this.channel = `${opts.redisPrefix ?? 'gw:'}access-invalidate`;
    const receive = (message: string) => {
      try {
        const { origin, n, change } = JSON.parse(message) as { origin: string; n: number; change: Invalidation };
        if (origin !== this.origin) this.apply(change);
        else this.echoes.get(n)?.();
      } catch {
        // not ours
      }
    };
    if (opts.redisUrl) {
      const publisher = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 });
      const subscriber = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 });
      this.ready = subscriber.subscribe(this.channel).then(() => undefined);
      subscriber.on('message', (_channel, message: string) => receive(message));
      this.fanout = {
        publish: (message) => publisher.publish(this.channel, message),
        hearing: () => subscriber.status === 'ready',
        close: async () => {
          publisher.disconnect();
          subscriber.disconnect();
        },
      };
    } else if (opts.database?.listen && opts.database.notify) {
      const { notify, listen } = opts.database;
      const channel = 'gw_access_invalidate';
      let hearing = false;
      const listener = listen(channel, receive, {
        // Whatever was sent while the connection was down is lost: everything cached may be stale.
        onReset: () => {
          hearing = true;
          this.apply({ kind: 'all' });
        },
        onError: (err) => {
          hearing = false;
          opts.onError?.(err);
        },
      });
      this.ready = listener.ready.then(() => {
        hearing = true;
      });
      this.fanout = { publish: (message) => notify(channel, message), hearing: () => hearing, close: () => listener.close() };
    }
  }

  /**
   * The session `token` presents: cached, or the read already in flight for it, or `load` (stored unless an
   * invalidation overtook it). A page's first queries arrive together with one token: one read answers them all.
   * A cached session `usable` refuses (it has expired) is read again. (A session read takes a connection from the
   * pool, as the caller's own read would: waiting on another's is no worse.)
   */
  session(token: string, load: () => Promise<S>, usable: (session: S) => boolean = () => true): Promise<S> {
    const cached = this.sessions.get(token);
    if (cached !== undefined && usable(cached)) return Promise.resolve(cached);
    return this.once(this.sessions, this.sessionReads, token, load, false);
  }

  /**
   * The member `identity` is in `tenant` (or null): cached, or the read in flight for it, or `load`. `held`: the
   * caller holds a database connection and `load` runs on it. Such a caller joins only reads that run on a connection
   * already held too: a read still waiting for a connection from the pool might be waiting for this caller's.
   */
  member(identity: string, tenant: string, load: () => Promise<M>, held: boolean): Promise<M> {
    const key = `${tenant}\u0000${identity}`;
    const cached = this.members.get(key);
    return cached !== undefined ? Promise.resolve(cached) : this.once(this.members, this.memberReads, key, load, held);
  }

  /**
   * One read per key at a time, joined by whoever asks for the same key while it runs, unless an invalidation has
   * happened since it began (a later caller then reads afresh) or the caller `held` a connection and the read did not.
   * A joiner whose shared read failed tries once more: the failure may have been the first caller's connection.
   */
  private once<V>(
    map: TtlMap<V>,
    flights: Map<string, Flight>,
    key: string,
    load: () => Promise<V>,
    held: boolean,
    retry = true,
  ): Promise<V> {
    const flight = flights.get(key);
    if (flight && flight.generation === this.generation && (flight.held || !held)) {
      const joined = flight.read as Promise<V>;
      return retry ? joined.catch(() => this.once(map, flights, key, load, held, false)) : joined;
    }
    const generation = this.generation;
    const read = load().then(
      (value) => {
        if (flights.get(key)?.read === read) flights.delete(key);
        if (generation === this.generation) map.set(key, value);
        return value;
      },
      (err: unknown) => {
        if (flights.get(key)?.read === read) flights.delete(key);
        throw err;
      },
    );
    flights.set(key, { generation, held, read });
    return read;
  }

  /** Someone's status, admin flag, groups, a group's permissions or a module switch changed in `tenant`. */
  invalidateTenant(tenant: string): void {
    this.broadcast({ kind: 'tenant', tenant });
  }
  /** A session was created, ended, or changed its company: sign-out, global sign-out, tenant selection. */
  invalidateSessions(): void {
    this.broadcast({ kind: 'sessions' });
  }

  /**
   * Resolves once every invalidation made so far has been delivered: Redis or PostgreSQL delivers to every
   * subscribed instance at once, so this one hearing its own broadcast back means the others have it too (give or
   * take their own event loop). At most ECHO_WAIT_MS; at once when it cannot hear (it then cannot tell).
   */
  /** Whether invalidations are on their way (settled() would wait). */
  get delivering(): boolean {
    return this.pending.size > 0;
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.fanout?.close();
  }

  private broadcast(change: Invalidation): void {
    this.apply(change);
    if (!this.fanout) return;
    const fanout = this.fanout;
    const n = ++this.sent;
    const echo = fanout.hearing()
      ? new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.echoes.delete(n);
            resolve();
          };
          const timer = setTimeout(done, ECHO_WAIT_MS);
          this.echoes.set(n, done);
        })
      : undefined;
    const sent = fanout
      .publish(JSON.stringify({ origin: this.origin, n, change }))
      .then(
        () => echo,
        () => this.echoes.get(n)?.(),
      )
      .finally(() => this.pending.delete(sent));
    this.pending.add(sent);
  }

  private apply(change: Invalidation): void {
    this.generation++;
    if (change.kind === 'all') {
      this.sessions.clear();
      this.members.clear();
    } else if (change.kind === 'sessions') this.sessions.clear();
    else {
      const prefix = `${change.tenant}\u0000`;
      this.members.deleteWhere((k) => k.startsWith(prefix));
    }
  }
}
