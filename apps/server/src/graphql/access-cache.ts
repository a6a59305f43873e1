import { Redis } from 'ioredis';

/**
 * How long a cached session or member may be served without asking the database. Every change to a
 * person's access drops the entries at once (here, and on the other instances through Redis); the TTL
 * bounds what a change made behind the app's back (an operator's SQL) can take to show.
 */
export const ACCESS_CACHE_TTL_MS = 5_000;
/** A bound on memory: past this many entries the oldest are dropped first. */
const MAX_ENTRIES = 50_000;

type Entry<V> = { value: V; expires: number };

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

type Invalidation = { kind: 'tenant'; tenant: string } | { kind: 'sessions' };

/**
 * The request path's cache of sessions (by token) and of members (by identity and company). Reads are
 * served for at most ACCESS_CACHE_TTL_MS; invalidations are immediate on this instance and broadcast to
 * the others when REDIS_URL is set (a removed person loses access on every instance within one Redis
 * round trip, and within the TTL if Redis is down).
 */
export class AccessCache<S, M> {
  private readonly sessions: TtlMap<S>;
  private readonly members: TtlMap<M>;
  /** Bumped by every invalidation: a load that began before one must not store what it read. */
  private generation = 0;
  private readonly publisher?: Redis;
  private readonly subscriber?: Redis;
  private readonly channel: string;
  private readonly origin = Math.random().toString(36).slice(2);
  /** Settles once this instance hears the others' invalidations (at once without Redis). */
  readonly ready: Promise<void> = Promise.resolve();

  constructor(opts: { ttlMs?: number; now?: () => number; redisUrl?: string; redisPrefix?: string } = {}) {
    const ttl = opts.ttlMs ?? ACCESS_CACHE_TTL_MS;
    const now = opts.now ?? Date.now;
    this.sessions = new TtlMap(ttl, now);
    this.members = new TtlMap(ttl, now);
    this.channel = `${opts.redisPrefix ?? 'gw:'}access-invalidate`;
    if (opts.redisUrl) {
      this.publisher = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 });
      this.subscriber = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 });
      this.ready = this.subscriber.subscribe(this.channel).then(() => undefined);
      this.subscriber.on('message', (_channel, message: string) => {
        try {
          const { origin, change } = JSON.parse(message) as { origin: string; change: Invalidation };
          if (origin !== this.origin) this.apply(change);
        } catch {
          // not ours
        }
      });
    }
  }

  /** A token for a load about to start; pass it to set* so a load overtaken by an invalidation is dropped. */
  begin(): number {
    return this.generation;
  }

  getSession(token: string): S | undefined {
    return this.sessions.get(token);
  }
  setSession(token: string, value: S, startedAt: number): void {
    if (startedAt === this.generation) this.sessions.set(token, value);
  }
  getMember(identity: string, tenant: string): M | undefined {
    return this.members.get(`${tenant}\u0000${identity}`);
  }
  setMember(identity: string, tenant: string, value: M, startedAt: number): void {
    if (startedAt === this.generation) this.members.set(`${tenant}\u0000${identity}`, value);
  }

  /** Someone's status, admin flag, groups, a group's permissions or a module switch changed in `tenant`. */
  invalidateTenant(tenant: string): void {
    this.broadcast({ kind: 'tenant', tenant });
  }
  /** A session was created, ended, or changed its company: sign-out, global sign-out, tenant selection. */
  invalidateSessions(): void {
    this.broadcast({ kind: 'sessions' });
  }

  async close(): Promise<void> {
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }

  private broadcast(change: Invalidation): void {
    this.apply(change);
    void this.publisher?.publish(this.channel, JSON.stringify({ origin: this.origin, change })).catch(() => {});
  }

  private apply(change: Invalidation): void {
    this.generation++;
    if (change.kind === 'sessions') this.sessions.clear();
    else {
      const prefix = `${change.tenant}\u0000`;
      this.members.deleteWhere((k) => k.startsWith(prefix));
    }
  }
}
