import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { textRef } from '../../platform/texts.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { type PushStand, STAND_PUSH, startPushStand } from '../../testing/push-stand.js';
import { errorCode as code, okData as ok, useTestApp } from '../../testing/test-app.js';
import { notifyPeople, settlePushes } from './notifications.service.js';
import { pushSubscriptions } from './notifications.table.js';

/** Web Push through a push service stand-in (web-push-testing) on 127.0.0.1: delivery, devices, 410. */

// The stand-in is allowed only because this file says so (issue 50).
const t = useTestApp({ config: { push: STAND_PUSH } });

const KEY = `query($t: ID!) { pushPublicKey(tenant_uuid: $t) }`;
const SAVE_SUB = `mutation($t: ID!, $e: String!, $p: String!, $a: String!) { savePushSubscription(tenant_uuid: $t, endpoint: $e, p256dh: $p, auth: $a) }`;
const DELETE_SUB = `mutation($t: ID!, $e: String!) { deletePushSubscription(tenant_uuid: $t, endpoint: $e) }`;
const SAVE = `mutation($t: ID!, $a: AnnouncementInput!) { saveAnnouncement(tenant_uuid: $t, announcement: $a) { id } }`;

let stand: PushStand;
let tenant: string;
let admin: TestMember;
let worker: TestMember;
let other: TestMember;

const today = new Date().toISOString().slice(0, 10);
const announce = (title: string) =>
  t.gql(
    SAVE,
    {
      t: tenant,
      a: {
        title,
        body: '',
        start_date: today,
        exp_date: today,
        audience: 'everyone',
        audience_ids: [],
        is_default: false,
        on_app: true,
        requires_ack: false,
      },
    },
    admin.token,
  );

/** A browser's PushManager.subscribe, against the stand-in. */
async function device(who: TestMember) {
  const key = ok(await t.gql(KEY, { t: who.tenantUuid }, who.token)).pushPublicKey as string;
  const sub = await stand.subscribe(key);
  ok(await t.gql(SAVE_SUB, { t: who.tenantUuid, e: sub.endpoint, p: sub.keys.p256dh, a: sub.keys.auth }, who.token));
  return sub;
}
const messages = (clientHash: string) => stand.received(clientHash);

beforeAll(async () => {
  stand = await startPushStand();
  const db = t.database.db;
  tenant = await createTenant(db);
  admin = await createMember(db, tenant, { permissions: ['announcements_admin'] });
  worker = await createMember(db, tenant, { permissions: ['announcements_basic'] });
  other = await createMember(db, await createTenant(db), { isAdmin: true });
});

afterAll(() => stand.close());

const subscriptionsOf = (who: TestMember) =>
  withTenant(t.database.db, who.tenantUuid, (tx) =>
    tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.tenant_uuid, who.tenantUuid), eq(pushSubscriptions.employees_id, who.employeeId))),
  );

describe('web push', () => {
  it("delivers a new notification to each of the person's devices, and none of another company's", async () => {
    const phone = await device(worker);
    const laptop = await device(worker);
    const elsewhere = await device(other);
    expect((await subscriptionsOf(worker)).map((s) => s.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    ok(await announce('Concrete at 6'));
    await settlePushes();
    expect(await messages(phone.clientHash)).toEqual([expect.objectContaining({ title: 'Concrete at 6', kind: 'announcement' })]);
    expect(await messages(laptop.clientHash)).toHaveLength(1);
    expect(await messages(elsewhere.clientHash)).toEqual([]);
  });

  it('removes a device the push service answers 410 Gone for, and keeps the others', async () => {
    const [a, b] = [await device(worker), await device(worker)];
    await stand.expire(a.clientHash);
    ok(await announce('Rain day'));
    await settlePushes();
    const left = (await subscriptionsOf(worker)).map((s) => s.endpoint);
    expect(left).not.toContain(a.endpoint);
    expect(left).toContain(b.endpoint);
  });

  it('stores subscriptions only for the caller, checks them, and deletes only their own', async () => {
    const mine = await device(worker);
    expect(code(await t.gql(SAVE_SUB, { t: tenant, e: 'not a url', p: 'x', a: 'y' }, worker.token))).toBe('VALIDATION');
    expect(code(await t.gql(SAVE_SUB, { t: tenant, e: mine.endpoint, p: 'x', a: 'y' }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(SAVE_SUB, { t: tenant, e: 'https://push.example/1', p: 'x', a: 'y' }, other.token))).toBe('NOT_FOUND');
    expect(ok(await t.gql(DELETE_SUB, { t: tenant, e: mine.endpoint }, admin.token)).deletePushSubscription).toBe(false);
    expect(ok(await t.gql(DELETE_SUB, { t: tenant, e: mine.endpoint }, worker.token)).deletePushSubscription).toBe(true);
    expect((await subscriptionsOf(worker)).map((s) => s.endpoint)).not.toContain(mine.endpoint);
  });
});

describe('notifications outside a request', () => {
  it('notifyPeople writes, batches and publishes in the company, for the seams of other modules', async () => {
    const deps = {
      db: t.database.db,
      realtime: { publish: () => {} } as never,
      dataDir: 'memory://',
      log: console,
      config: { push: STAND_PUSH },
    };
    const first = await notifyPeople(
      deps,
      tenant,
      [worker.employeeId],
      { kind: 'task_assigned', text: textRef('notification.task_assigned', { task: 'Check the forms' }), ref_id: 7 },
      new Date(),
    );
    expect(first).toEqual([expect.objectContaining({ kind: 'task_assigned', link: '/modules/tasks?id=7', count: 1 })]);
    const second = await notifyPeople(
      deps,
      tenant,
      [worker.employeeId],
      { kind: 'task_assigned', text: textRef('notification.task_assigned', { task: 'Strip the forms' }), ref_id: 8 },
      new Date(),
    );
    expect(second[0]).toMatchObject({ id: first[0].id, count: 2, title: 'Strip the forms', link: '/modules/tasks' });
    await settlePushes();
    const INBOX = `query($t: ID!) { listMyNotifications(tenant_uuid: $t) { items { kind count } } }`;
    expect(ok(await t.gql(INBOX, { t: tenant }, worker.token)).listMyNotifications.items[0]).toEqual({ kind: 'task_assigned', count: 2 });
    expect(ok(await t.gql(INBOX, { t: other.tenantUuid }, other.token)).listMyNotifications.items).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ kind: 'task_assigned' })]),
    );
  });
});
