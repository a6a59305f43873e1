import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.js';
import { NOTIFY_PAYLOAD_LIMIT } from './pg-notify.js';

export type RecordEvent = 'create' | 'update' | 'delete';
export type Row = Record<string, unknown>;

/** One topic per model, event and tenant: a subscriber can only ever be handed its own tenant's rows. */
export const recordTopic = (model: string, event: RecordEvent, tenantUuid: string) => `${model}:${event}:${tenantUuid}`;

export type Realtime = {
  publish(topic: string, row: Row): void;
  subscribe(topic: string): AsyncIterable<Row>;
  /** Resolves when the shared bus answers (Redis PING); in-process always does. For /readyz. */
  ping(): Promise<void>;
  /** Settles once events from other instances can arrive (PostgreSQL's LISTEN in place); absent when immediate. */
  ready?: Promise<void>;
  close(): Promise<void>;
};

/**
 * Through Redis when REDIS_URL is set, else through PostgreSQL's NOTIFY when the database is a PostgreSQL one, so
 * several instances share events; in-process on PGlite (one process).
 */
export function createRealtime(
  redisUrl?: string,
  database?: Pick<Database, 'notify' | 'listen'>,
  log?: { warn(obj: object, msg: string): void },
): Realtime {
  if (!redisUrl && database?.notify && database.listen) return pgRealtime(database.notify, database.listen, log);
  if (!redisUrl) {
    // One listener per open subscription on a topic: a company with many people watching one list is normal, not
    // a leak, so Node's warning at 11 listeners is turned off for this target.
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    const pubsub = createPubSub<Record<string, [Row]>>({ eventTarget: eventTarget as never });
    return {
      publish: (t, r) => pubsub.publish(t, r),
      subscribe: (t) => pubsub.subscribe(t),
      ping: async () => {},
      close: async () => {},
    };
  }
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const pubsub = createPubSub<Record<string, [Row]>>({
    eventTarget: createRedisEventTarget({ publishClient, subscribeClient }),
  });
  return {
    publish: (t, r) => pubsub.publish(t, r),
    subscribe: (t) => pubsub.subscribe(t),
    ping: async () => {
      await publishClient.ping();
    },
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

const REALTIME_CHANNEL = 'gw_realtime';

/**
 * Events through one NOTIFY channel of the shared PostgreSQL: this instance's subscribers hear an event at once,
 * the others when PostgreSQL hands it on. A row too large for a NOTIFY payload (8000 bytes) reaches this
 * instance's subscribers only, and the log says so (Redis has no such limit).
 */
function pgRealtime(
  notify: NonNullable<Database['notify']>,
  listen: NonNullable<Database['listen']>,
  log?: { warn(obj: object, msg: string): void },
): Realtime {
  const origin = randomUUID();
  const callbacks = new Map<string, Set<(event: Event) => void>>();
  const deliver = (topic: string, detail: unknown) => {
    const event = new CustomEvent(topic, { detail });
    for (const callback of callbacks.get(topic) ?? []) callback(event);
  };
  const listener = listen(
    REALTIME_CHANNEL,
    (payload) => {
      try {
        const { o, t, r } = JSON.parse(payload) as { o: string; t: string; r: Row };
        if (o !== origin) deliver(t, r);
      } catch {
        // not ours
      }
    },
    { onError: (err) => log?.warn({ err }, 'lost the live events connection; reconnecting') },
  );
  const callbackOf = (c: EventListenerOrEventListenerObject) => ('handleEvent' in c ? c.handleEvent.bind(c) : c);
  const eventTarget = {
    addEventListener(topic: string, c: EventListenerOrEventListenerObject | null) {
      if (!c) return;
      const set = callbacks.get(topic) ?? new Set();
      callbacks.set(topic, set);
      set.add(callbackOf(c));
    },
    removeEventListener(topic: string, c: EventListenerOrEventListenerObject | null) {
      if (!c) return;
      const set = callbacks.get(topic);
      // A bound handleEvent is a new function each time; plain callbacks (what Yoga passes) are removed as given.
      set?.delete(c as (event: Event) => void);
      if (set?.size === 0) callbacks.delete(topic);
    },
    dispatchEvent(event: CustomEvent) {
      deliver(event.type, event.detail);
      const payload = JSON.stringify({ o: origin, t: event.type, r: event.detail });
      if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_LIMIT) {
        log?.warn({ topic: event.type, bytes: Buffer.byteLength(payload) }, 'live event too large for NOTIFY: this instance only');
      } else {
        notify(REALTIME_CHANNEL, payload).catch((err) => log?.warn({ err }, 'could not send a live event to the other instances'));
      }
      return true;
    },
  };
  const pubsub = createPubSub<Record<string, [Row]>>({ eventTarget: eventTarget as never });
  return {
    publish: (t, r) => pubsub.publish(t, r),
    subscribe: (t) => pubsub.subscribe(t),
    ready: listener.ready,
    ping: async () => {},
    close: () => listener.close(),
  };
}
