import { setMaxListeners } from 'node:events';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';

export type RecordEvent = 'create' | 'update' | 'delete';
export type Row = Record<string, unknown>;

/** One topic per model, event and tenant: a subscriber can only ever be handed its own tenant's rows. */
export const recordTopic = (model: string, event: RecordEvent, tenantUuid: string) => `${model}:${event}:${tenantUuid}`;

export type Realtime = {
  publish(topic: string, row: Row): void;
  subscribe(topic: string): AsyncIterable<Row>;
  /** Resolves when the shared bus answers (Redis PING); in-process always does. For /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** In-process by default; through Redis when REDIS_URL is set, so several instances share events. */
export function createRealtime(redisUrl?: string): Realtime {
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
