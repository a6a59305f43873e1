import { formatCents, formatPoNumber, ORDER_ACK_PATH, ORDERING_MESSAGES } from '@groundwork/core/ordering';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import { hit } from '../../identity/throttle.js';
import { type Realtime, recordTopic } from '../../platform/realtime.js';
import { textRef } from '../../platform/texts.js';
import { notifyPeople } from '../notifications/notifications.service.js';
import { readAckToken } from './ordering.service.js';
import { orders } from './ordering.table.js';

/**
 * The vendor's side of a purchase order (issue 17): the e-mailed link opens a page, without an account, that shows
 * the order and a button to acknowledge it. GET only shows (mail scanners open links); POST acknowledges, once.
 * The token is signed by this server and names one order of one company (ordering.service.ts `ackToken`), so the
 * page can reach nothing else; it expires after ACK_LINK_DAYS.
 */
const LIMIT = { windowSeconds: 15 * 60, max: 60 };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type View = { company: string; po: string; total: string; vendor: string | null; acknowledged_on: string | null };

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#5b4636;color:#fff;cursor:pointer}
.ok{color:#14532d}</style></head><body>${body}</body></html>`);
}

export function registerOrderAckRoutes(app: FastifyInstance, deps: { config: Config; db: Db; realtime: Realtime; now: () => Date }) {
  const { config, db, realtime, now } = deps;

  // The order the token names: through the company's walled transaction, the one company the signature vouches for.
  async function load(token: string): Promise<{ tenant: string; view: View; id: number; employees_id: number } | null> {
    const named = readAckToken(config, token, now());
    if (!named) return null;
    return withTenant(db, named.tenant, async (tx) => {
      const [row] = await tx
        .select({
          id: orders.id,
          employees_id: orders.employees_id,
          po_number: orders.po_number,
          total_cents: orders.total_cents,
          acknowledged_on: orders.acknowledged_on,
          status: orders.status,
          company: sql<string>`(select t.company from tenants t where t.tenant_uuid = ${named.tenant})`,
          vendor: sql<string | null>`(select v.name from vendors v where v.tenant_uuid = ${named.tenant} and v.id = "orders"."vendor_id")`,
        })
        .from(orders)
        .where(and(eq(orders.tenant_uuid, named.tenant), eq(orders.uuid, named.orderUuid)));
      if (row?.status !== 1) return null;
      return {
        tenant: named.tenant,
        id: row.id,
        employees_id: row.employees_id,
        view: {
          company: row.company,
          po: formatPoNumber(row.po_number),
          total: formatCents(row.total_cents),
          vendor: row.vendor,
          acknowledged_on: row.acknowledged_on,
        },
      };
    });
  }

  const invalid = (reply: FastifyReply) =>
    page(reply, 404, 'Purchase order', `<h1>Purchase order</h1><p>${esc(ORDERING_MESSAGES.ackInvalid)}</p>`);
  const when = (iso: string) => new Date(iso).toUTCString();

  // Its own scope: the page's button posts an empty form, a body type no other route accepts.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
      done(null, {}),
    );

    scope.get(`${ORDER_ACK_PATH}/:token`, async (req, reply) => {
      if (!(await hit(db, `po-ack:${req.ip}`, LIMIT, now())))
        return page(reply, 429, 'Purchase order', '<p>Too many requests. Try again later.</p>');
      const found = await load((req.params as { token: string }).token);
      if (!found) return invalid(reply);
      const v = found.view;
      const head = `<h1>${esc(v.company)}: purchase order ${esc(v.po)}</h1><p>${v.vendor ? `For ${esc(v.vendor)}. ` : ''}Total ${esc(v.total)}.</p>`;
      if (v.acknowledged_on)
        return page(
          reply,
          200,
          v.po,
          `${head}<p class="ok" role="status">${esc(ORDERING_MESSAGES.ackAlready)} (${esc(when(v.acknowledged_on))})</p>`,
        );
      return page(reply, 200, v.po, `${head}<form method="post"><button type="submit">Acknowledge order ${esc(v.po)}</button></form>`);
    });

    scope.post(`${ORDER_ACK_PATH}/:token`, async (req, reply) => {
      if (!(await hit(db, `po-ack:${req.ip}`, LIMIT, now())))
        return page(reply, 429, 'Purchase order', '<p>Too many requests. Try again later.</p>');
      const named = readAckToken(config, (req.params as { token: string }).token, now());
      if (!named) return invalid(reply);
      // Once: only an order not yet acknowledged changes; a second press shows when it was.
      const done = await withTenant(db, named.tenant, (tx) =>
        tx
          .update(orders)
          .set({ acknowledged_on: sql`now()` })
          .where(
            and(
              eq(orders.tenant_uuid, named.tenant),
              eq(orders.uuid, named.orderUuid),
              eq(orders.status, 1),
              isNull(orders.acknowledged_on),
            ),
          )
          .returning({ id: orders.id, employees_id: orders.employees_id }),
      );
      const found = await load((req.params as { token: string }).token);
      if (!found) return invalid(reply);
      if (done.length) {
        realtime.publish(recordTopic('Orders', 'update', named.tenant), { id: found.id, employees_id: found.employees_id });
        // The person who ordered hears of it in their inbox (issue 21); a failure there never fails the vendor's page.
        await notifyPeople(
          { db, realtime, dataDir: config.dataDir, log: app.log, config },
          named.tenant,
          [found.employees_id],
          {
            kind: 'order_acknowledged',
            text: found.view.vendor
              ? textRef('notification.order_acknowledged_vendor', { po: found.view.po, vendor: found.view.vendor })
              : textRef('notification.order_acknowledged', { po: found.view.po }),
            ref_id: found.id,
          },
          now(),
        ).catch((err) => app.log.error({ err }, 'notifying an order acknowledgement failed'));
        return page(
          reply,
          200,
          found.view.po,
          `<h1>${esc(found.view.company)}: ${esc(found.view.po)}</h1><p class="ok" role="status">${esc(ORDERING_MESSAGES.ackDone)}</p>`,
        );
      }
      return page(
        reply,
        200,
        found.view.po,
        `<h1>${esc(found.view.company)}: ${esc(found.view.po)}</h1><p class="ok" role="status">${esc(ORDERING_MESSAGES.ackAlready)} (${esc(when(found.view.acknowledged_on ?? ''))})</p>`,
      );
    });
  });
}
