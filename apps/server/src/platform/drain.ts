import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Once draining, how long a keep-alive connection may stay open without a request on it. One that carries a
 * request in that time is answered with `Connection: close` and closed after that answer instead.
 */
export const DRAIN_IDLE_GRACE_MS = 1_000;
/** Past this, whatever is still open is cut, so the process exits within its 10 s (serve.ts). */
const DRAIN_LIMIT_MS = 8_000;

export type Drain = {
  /** Stop keeping connections alive: each is closed after its last answer, or once idle for the grace. */
  start(): void;
  /** Draining is over (the server has closed): drops the hard limit's timer. */
  stop(): void;
  readonly draining: boolean;
};

/**
 * A clean drain for an HTTP/1.1 server whose clients reuse keep-alive connections (issue 50).
 *
 * Node's `server.close()` closes every idle keep-alive connection at once, and so did a 50 ms sweep of
 * `closeIdleConnections()` here before: but "idle" only means no request has been parsed yet, and a client may be
 * writing its next request on that connection at that very instant — it sees the connection reset, and cannot
 * know whether the request ran. Instead, while draining:
 * - every answer says `Connection: close`, and its connection is closed once that answer is out: the client
 *   will not reuse it, so nothing it sends can be lost;
 * - a connection that stays idle (no byte read) for DRAIN_IDLE_GRACE_MS is closed: a client that has not
 *   used it for that long is not mid-request;
 * - at DRAIN_LIMIT_MS whatever is left (a request that hangs) is cut.
 * The listening socket itself is closed by `server.close()` (Fastify's close): new connections are refused,
 * which a client can always retry safely.
 */
export function connectionDrain(server: Server, opts: { idleGraceMs?: number; limitMs?: number } = {}): Drain {
  const idleGraceMs = opts.idleGraceMs ?? DRAIN_IDLE_GRACE_MS;
  const limitMs = opts.limitMs ?? DRAIN_LIMIT_MS;
  type Conn = { active: number; bytesAtIdle: number; timer?: NodeJS.Timeout };
  const conns = new Map<Socket, Conn>();
  let draining = false;
  let limit: NodeJS.Timeout | undefined;

  const closeWhenIdle = (socket: Socket, c: Conn) => {
    clearTimeout(c.timer);
    c.bytesAtIdle = socket.bytesRead;
    c.timer = setTimeout(() => {
      if (c.active > 0 || socket.destroyed) return;
      // Bytes came in since it fell idle: a request is arriving, and will be answered with Connection: close.
      if (socket.bytesRead !== c.bytesAtIdle) return closeWhenIdle(socket, c);
      socket.destroy();
    }, idleGraceMs);
  };

  server.on('connection', (socket: Socket) => {
    const c: Conn = { active: 0, bytesAtIdle: 0 };
    conns.set(socket, c);
    socket.once('close', () => {
      clearTimeout(c.timer);
      conns.delete(socket);
    });
    if (draining) closeWhenIdle(socket, c);
  });
  // First of the 'request' listeners, so the answer's headers (whoever writes them) already know.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    const socket = req.socket;
    const c = conns.get(socket);
    if (!c) return;
    c.active++;
    clearTimeout(c.timer);
    res.once('close', () => {
      c.active--;
      // An answer that began before the drain went out keep-alive: the connection waits for one more request.
      if (draining && c.active === 0 && !socket.destroyed) closeWhenIdle(socket, c);
    });
  });
  // server.close() calls this (Node 19+) and so may Fastify: while draining, the timers above do it instead.
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    if (!draining) closeIdleConnections();
  };

  return {
    get draining() {
      return draining;
    },
    start() {
      if (draining) return;
      draining = true;
      for (const [socket, c] of conns) if (c.active === 0) closeWhenIdle(socket, c);
      limit = setTimeout(() => server.closeAllConnections(), limitMs);
      limit.unref();
    },
    stop() {
      clearTimeout(limit);
    },
  };
}
