import {
  BATCH_WINDOW_SECONDS,
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationKind,
  type NotificationSettings,
  notificationLink,
  pushPlan,
} from '@groundwork/core/notifications';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, DEFAULT_PUSH_CONFIG, type PushConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/with-tenant.js';
import type { Gated } from '../../graphql/gate.js';
import { languagesOf } from '../../identity/accounts.js';
import type { Realtime } from '../../platform/realtime.js';
import { type Language, renderRef, type TextRef } from '../../platform/texts.js';
import { notificationSettings, notifications } from './notifications.table.js';
import { dropSubscriptions, type PushPayload, type PushTarget, pushTargets, sendPush, vapidKeys } from './push.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** One person's live topic: only they are ever handed its rows (the subscription is scoped to the caller). */
export const inboxTopic = (tenantUuid: string, employeeId: number) => `Notifications:${tenantUuid}:${employeeId}`;

/** What a notification says: a catalogue key and its values (platform/texts.ts), rendered in each reader's language. */
export type Notice = { kind: NotificationKind; text: TextRef; ref_id?: number | null };

/**
 * A notification's title in `lang`: its text rendered from the key and values, or, for a row written before
 * notifications kept them, the title stored then (English).
 */
export function titleIn(row: Pick<NotificationRow, 'title' | 'text_key' | 'text_values'>, lang: Language): string {
  return (row.text_key && renderRef(lang, { key: row.text_key, values: row.text_values })) || row.title;
}

/**
 * Addresses `notice` to `people` in the walled transaction `tx`. A person's unread notification of the same kind
 * touched within BATCH_WINDOW_SECONDS absorbs it (count + 1, the latest title, the kind's list link) instead of a
 * new row. Returns the rows written, for delivery once the transaction commits (see deliver).
 */
export async function addNotifications(tx: Tx, tenant: string, people: readonly number[], notice: Notice): Promise<NotificationRow[]> {
  const unique = [...new Set(people)];
  if (unique.length === 0) return [];
  // The English text is kept too: what a reader of an older server, or a row's fallback, shows.
  const text = {
    title: titleIn({ title: '', text_key: notice.text.key, text_values: notice.text.values }, 'en'),
    text_key: notice.text.key,
    text_values: notice.text.values,
  };
  const batched = await tx
    .update(notifications)
    .set({
      count: sql`${notifications.count} + 1`,
      ...text,
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
            ...text,
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
  /** The saved languages of these accounts (read once the transaction is over). */
  languages: (identities: readonly string[]) => Promise<Map<string, Language>>;
  dataDir: string;
  /** Where pushes may go (the push services' hosts, public addresses). */
  push: PushConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Runs `fn` in the company's walled transaction (to drop the devices the push service says are gone). */
  inTenant: (fn: (tx: Tx) => Promise<void>) => Promise<void>;
};

/** Each person's settings (the defaults where they saved none). */
export async function settingsOf(tx: Tx, tenant: string, people: readonly number[]): Promise<Map<number, NotificationSettings>> {
  const unique = [...new Set(people)];
  const rows = unique.length
    ? await tx
        .select()
        .from(notificationSettings)
        .where(and(eq(notificationSettings.tenant_uuid, tenant), inArray(notificationSettings.employees_id, unique)))
    : [];
  const found = new Map(rows.map((r) => [r.employees_id, r]));
  return new Map(
    unique.map((p) => {
      const r = found.get(p);
      return [
        p,
        r
          ? {
              push_off: r.push_off as NotificationKind[],
              email_on: r.email_on as NotificationKind[],
              quiet_start: r.quiet_start,
              quiet_end: r.quiet_end,
              time_zone: r.time_zone,
            }
          : DEFAULT_NOTIFICATION_SETTINGS,
      ];
    }),
  );
}

type Targets = (PushTarget & { employees_id: number; identity: string | null })[];
/** A push to one person: its title is written once their language is known (after the transaction). */
export type PushItem = { employees_id: number; payload: Omit<PushPayload, 'title'>; title: (lang: Language) => string };
type Planned = { rows: NotificationRow[]; pushNow: NotificationRow[]; targets: Targets };

/**
 * In the transaction that wrote `rows`: which to push now (the person's kind is on and they are outside quiet
 * hours), which to hold (marked push_held; one summary push when quiet hours end) and the devices to push to.
 */
async function planDelivery(tx: Tx, tenant: string, rows: NotificationRow[], at: Date): Promise<Planned> {
  const settings = await settingsOf(
    tx,
    tenant,
    rows.map((r) => r.employees_id),
  );
  const pushNow: NotificationRow[] = [];
  const held: number[] = [];
  for (const row of rows) {
    const plan = pushPlan(row.kind as NotificationKind, settings.get(row.employees_id) ?? DEFAULT_NOTIFICATION_SETTINGS, at);
    if (plan === 'now') pushNow.push(row);
    else if (plan === 'held') held.push(row.id);
  }
  if (held.length) {
    await tx
      .update(notifications)
      .set({ push_held: true })
      .where(and(eq(notifications.tenant_uuid, tenant), inArray(notifications.id, held)));
  }
  const targets = await pushTargets(
    tx,
    tenant,
    pushNow.map((r) => r.employees_id),
  );
  return { rows, pushNow, targets };
}

/** Publishes every row live (the inbox is always told) and pushes the planned ones to their people's devices. */
function send(d: Delivery, tenant: string, planned: Planned) {
  for (const row of planned.rows) d.realtime.publish(inboxTopic(tenant, row.employees_id), row as never);
  pushRows(
    d,
    tenant,
    planned.pushNow.map((r) => ({
      employees_id: r.employees_id,
      payload: { link: r.link, kind: r.kind },
      title: (lang) => titleIn(r, lang),
    })),
    planned.targets,
  );
}

/** Pushes each payload to its person's devices (not awaited by the caller); devices the service says are gone are dropped. */
export function pushRows(d: Delivery, tenant: string, items: PushItem[], targets: Targets) {
  if (targets.length === 0 || items.length === 0) return;
  const keys = vapidKeys(d.dataDir);
  const byPerson = new Map<number, PushTarget[]>();
  for (const t of targets) byPerson.set(t.employees_id, [...(byPerson.get(t.employees_id) ?? []), t]);
  const job = (async () => {
    const gone: number[] = [];
    // Each person's push in their saved language, as it is sent.
    const languages = await d.languages(targets.flatMap((t) => (t.identity ? [t.identity] : [])));
    const identityOf = new Map(targets.map((t) => [t.employees_id, t.identity]));
    for (const item of items) {
      const devices = byPerson.get(item.employees_id);
      if (!devices) continue;
      const lang = languages.get(identityOf.get(item.employees_id) ?? '') ?? 'en';
      const sent = await sendPush(keys, devices, { ...item.payload, title: item.title(lang) }, d.push);
      gone.push(...sent.gone);
      if (sent.failed) d.log.warn({ failed: sent.failed, kind: item.payload.kind }, 'web push: some deliveries failed');
      if (sent.refused)
        d.log.warn({ refused: sent.refused, kind: item.payload.kind }, "web push: not sent to endpoints that are not a push service's");
    }
    if (gone.length) await d.inTenant((tx) => dropSubscriptions(tx, tenant, gone));
  })()
    .catch((err) => d.log.error({ err }, 'web push delivery failed'))
    .finally(() => pending.delete(job));
  pending.add(job);
}

/**
 * After `g`'s transaction commits: each row goes to its person's live topic, and to their devices by Web Push (not
 * awaited by the request; devices the push service says are gone are removed) unless the person switched the kind
 * off or is in quiet hours. Settings and push targets are read in the transaction.
 */
export async function deliver(g: Gated, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  const tenant = g.member.tenantUuid;
  const planned = await planDelivery(g.tx, tenant, rows, g.ctx.now());
  g.afterCommit(() =>
    send(
      {
        realtime: g.ctx.realtime,
        languages: (ids) => g.ctx.accounts.languagesOf(ids),
        dataDir: g.ctx.config.dataDir,
        push: g.ctx.config.push,
        log: g.ctx.log,
        inTenant: (fn) => g.ctx.gate.run(g.member.identity, tenant, fn),
      },
      tenant,
      planned,
    ),
  );
}

export type NotifyDeps = {
  db: Db;
  realtime: Realtime;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The server's configuration, for where pushes may go; without it, only the browsers' push services. */
  config?: Pick<Config, 'push'>;
};

/**
 * For work outside a request (the vendor's acknowledgement, the sweeps): addresses `notice` to `people` in the
 * company's own walled transaction, with the same batching and channels, then publishes and pushes (quiet hours as
 * of `at`). Returns the rows.
 */
export async function notifyPeople(
  deps: NotifyDeps,
  tenant: string,
  people: readonly number[],
  notice: Notice,
  at: Date,
): Promise<NotificationRow[]> {
  if (people.length === 0) return [];
  const planned = await withTenant(deps.db, tenant, async (tx) =>
    planDelivery(tx, tenant, await addNotifications(tx, tenant, people, notice), at),
  );
  send(deliveryOf(deps, tenant), tenant, planned);
  return planned.rows;
}

/** The same, for a sweep already in the company's transaction: returns what to send once it commits. */
export async function notifyInTx(tx: Tx, tenant: string, people: readonly number[], notice: Notice, at: Date): Promise<Planned> {
  return planDelivery(tx, tenant, await addNotifications(tx, tenant, people, notice), at);
}

export function deliveryOf(deps: NotifyDeps, tenant: string): Delivery {
  return {
    ...deps,
    push: deps.config?.push ?? DEFAULT_PUSH_CONFIG,
    languages: (ids) => languagesOf(deps.db, ids),
    inTenant: (fn) => withTenant(deps.db, tenant, fn),
  };
}

export function sendPlanned(deps: NotifyDeps, tenant: string, planned: Planned): void {
  send(deliveryOf(deps, tenant), tenant, planned);
}

export async function unreadCount(tx: Tx, tenant: string, employeeId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.tenant_uuid, tenant), eq(notifications.employees_id, employeeId), isNull(notifications.read_at)));
  return row?.n ?? 0;
}
