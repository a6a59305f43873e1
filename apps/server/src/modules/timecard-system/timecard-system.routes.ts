import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { completeConnect, QBT_CALLBACK_PATH } from './timecard-system.service.js';

/**
 * GET /api/qbt/callback: where QuickBooks Time sends the admin after consent. The one-time state (made by connect,
 * tied to the company) is what authorizes it; the browser is sent back to the timecard-system dialog either way.
 */
export function registerTimecardSystemRoutes(app: FastifyInstance, deps: { config: Config; db: Db }) {
  app.get(QBT_CALLBACK_PATH, async (req, reply) => {
    const target = await completeConnect(deps.db, deps.config, (req.query ?? {}) as Record<string, unknown>, (err) =>
      req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'QuickBooks Time token exchange failed'),
    );
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
