import pg from 'pg';

/** PostgreSQL's cap on a NOTIFY payload is 8000 bytes; past this a message cannot go through NOTIFY. */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

export type PgListener = {
  /** Settles once LISTEN is in place (rejects if the first connection fails). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * LISTEN on `channel` over a connection of its own (a pooled one cannot hold a LISTEN), reconnecting after a
 * lost connection. Notifications sent while it was down are lost: `onReset` runs once it listens again, so the
 * caller can drop whatever those may have changed.
 */
export function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  opts: { onReset?: () => void; onError?: (err: Error) => void } = {},
): PgListener {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const connect = async (reset: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) onMessage(m.payload);
    });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      c.end().catch(() => {});
      if (closed) return;
      if (err) opts.onError?.(err);
      retry = setTimeout(() => void connect(true).catch(() => {}), delay);
      // Never what keeps a process alive: a server has its HTTP server for that.
      retry.unref();
      delay = Math.min(delay * 2, 10_000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost(err as Error);
      throw err;
    }
    delay = 250;
    if (closed) await c.end().catch(() => {});
    else if (reset) opts.onReset?.();
  };
  const ready = connect(false);
  ready.catch(() => {});
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
