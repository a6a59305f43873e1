import { BATCH_WINDOW_SECONDS, type NotificationKind, notificationLink } from '@groundwork/core/notifications';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import type { Gated } from '../../graphql/gate.js';
import type { Realtime } from '../../platform/realtime.js';
import { notifications } from './notifications.table.js';
import { dropSubscriptions, type PushTarget, pushTargets, sendPush, vapidKeys } from './push.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** One person's live topic: only they are ever handed its rows (the subscription is scoped to the caller). */
export const inboxTopic = (tenantUuid: string, employeeId: number) => `Notifications:${tenantUuid}:${employeeId}`;

export type Notice = { kind: NotificationKind; title: string; ref_id?: number | null };

/**
 * Addresses `notice` to `people` in the walled transaction `tx`. A person's unread notification of the same kind
 * touched within BATCH_WINDOW_SECONDS absorbs it (count + 1, the latest title, the kind's list link) instead of a
 * new row. Returns the rows written, for delivery once the transaction commits (see deliver).
 */
export async function addNotifications(tx: Tx, tenant: string, people: readonly number[], notice: Notice): Promise<NotificationRow[]> {
  const unique = [...new Set(people)];
  if (unique.length === 0) return [];
  const batched = await tx
    .update(notifications)
    .set({
      count: sql`${notifications.count} + 1`,
      title: notice.title,
      link: notificationLink(notice.kind, null),
      ref_id: null,
      updated_on: sql`now()`,
    })
    .where(
      and(
        eq(notifications.tenant_uuid, tenant),
        inArray(notifications.employees_id, unique),
        eq(notifications.kind, notice.kind),
        isNull(notifications.read_at),
        sql`${notifications.updated_on} > now() - make_interval(secs => ${BATCH_WINDOW_SECONDS})`,
      ),
    )
    .returning();
  const done = new Set(batched.map((r) => r.employees_id));
  const fresh = unique.filter((p) => !done.has(p));
  const inserted = fresh.length
    ? await tx
        .insert(notifications)
        .values(
          fresh.map((employees_id) => ({
            tenant_uuid: tenant,
            employees_id,
            kind: notice.kind,
            title: notice.title,
            link: notificationLink(notice.kind, notice.ref_id ?? null),
            ref_id: notice.ref_id ?? null,
          })),
        )
        .returning()
    : [];
  return [...batched, ...inserted];
}

const pending = new Set<Promise<unknown>>();

/** For tests: waits for the push deliveries started so far. */
export async function settlePushes(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

type Delivery = {
  realtime: Realtime;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Runs `fn` in the company's walled transaction (to drop the devices the push service says are gone). */
  inTenant: (fn: (tx: Tx) => Promise<void>) => Promise<void>;
};

/** Publishes the rows live and pushes them to their people's devices (not awaited by the caller). */
function send(d: Delivery, tenant: string, rows: NotificationRow[], targets: (PushTarget & { employees_id: number })[]) {
  for (const row of rows) d.realtime.publish(inboxTopic(tenant, row.employees_id), row as never);
  if (targets.length === 0) return;
  const keys = vapidKeys(d.dataDir);
  const byPerson = new Map<number, PushTarget[]>();
  for (const t of targets) byPerson.set(t.employees_id, [...(byPerson.get(t.employees_id) ?? []), t]);
  const job = (async () => {
    const gone: number[] = [];
    for (const row of rows) {
      const devices = byPerson.get(row.employees_id);
      if (!devices) continue;
      const sent = await sendPush(keys, devices, { title: row.title, link: row.link, kind: row.kind });
      gone.push(...sent.gone);
      if (sent.failed) d.log.warn({ failed: sent.failed, kind: row.kind }, 'web push: some deliveries failed');
    }
    if (gone.length) await d.inTenant((tx) => dropSubscriptions(tx, tenant, gone));
  })()
    .catch((err) => d.log.error({ err }, 'web push delivery failed'))
    .finally(() => pending.delete(job));
  pending.add(job);
}

/**
 * After `g`'s transaction commits: each row goes to its person's live topic, and to their devices by Web Push (not
 * awaited by the request; devices the push service says are gone are removed). Push targets are read in the
 * transaction, so delivery needs no second look at the company's data except to drop dead subscriptions.
 */
export async function deliver(g: Gated, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  const tenant = g.member.tenantUuid;
  const targets = await pushTargets(
    g.tx,
    tenant,
    rows.map((r) => r.employees_id),
  );
  g.afterCommit(() =>
    send(
      {
        realtime: g.ctx.realtime,
        dataDir: g.ctx.config.dataDir,
        log: g.ctx.log,
        inTenant: (fn) => g.ctx.gate.run(g.member.identity, tenant, fn),
      },
      tenant,
      rows,
      targets,
    ),
  );
}

/**
 * For work outside a request (the seams tasks.notify.ts and tools.notify.ts, sweeps): addresses `notice` to `people`
 * in the company's own walled transaction, with the same batching, then publishes and pushes. Returns the rows.
 */
export async function notifyPeople(
  deps: { db: Db; realtime: Realtime; dataDir: string; log: Pick<FastifyBaseLogger, 'warn' | 'error'> },
  tenant: string,
  people: readonly number[],
  notice: Notice,
): Promise<NotificationRow[]> {
  if (people.length === 0) return [];
  const { rows, targets } = await withTenant(deps.db, tenant, async (tx) => {
    const rows = await addNotifications(tx, tenant, people, notice);
    const targets = await pushTargets(
      tx,
      tenant,
      rows.map((r) => r.employees_id),
    );
    return { rows, targets };
  });
  send({ ...deps, inTenant: (fn) => withTenant(deps.db, tenant, fn) }, tenant, rows, targets);
  return rows;
}

export async function unreadCount(tx: Tx, tenant: string, employeeId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.tenant_uuid, tenant), eq(notifications.employees_id, employeeId), isNull(notifications.read_at)));
  return row?.n ?? 0;
}
