import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUSH_SERVICE_HOSTS, type PushConfig } from '../../config.js';
import { withTenant } from '../../db/with-tenant.js';
import { textRef } from '../../platform/texts.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { type PushStand, STAND_PUSH, startPushStand } from '../../testing/push-stand.js';
import { okData as ok, useTestApp } from '../../testing/test-app.js';
import { notifyPeople, settlePushes } from './notifications.service.js';
import { pushSubscriptions } from './notifications.table.js';
import { sendPush, vapidKeys } from './push.js';
import {
  isPublicAddress,
  isPushServiceHost,
  mayStorePushEndpoint,
  PushAddressRefused,
  pushEndpointUrl,
  resolvePushHost,
} from './push-endpoint.js';

/**
 * Issue 50: the server POSTs each notification to the subscription's endpoint, so only a push service's is taken —
 * https on an allowed host whose addresses are all public — at save, and again at each send, to the address checked.
 * No test here sends anything to a private, link-local or metadata address: those are tested on the check itself.
 * The only thing ever contacted is the push service stand-in on 127.0.0.1, and only where a test allows it.
 */

/** A resolver for the tests: these names, nothing else (no real DNS). */
const NAMES: Record<string, string[]> = {
  'push.groundwork.test': ['127.0.0.1'],
  'fcm.googleapis.com': ['142.250.74.202', '2a00:1450:4001:82b::200a'],
  'mixed.push.apple.com': ['17.57.146.20', '10.0.0.7'],
  'metadata.push.apple.com': ['169.254.169.254'],
};
const lookup = vi.fn(async (hostname: string) => {
  const found = NAMES[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
});

/** The app's settings: the browsers' services plus a name that resolves to loopback; nothing private allowed. */
const STRICT: PushConfig = { hosts: [...PUSH_SERVICE_HOSTS, 'push.groundwork.test'], allowPrivate: false, lookup };

const t = useTestApp({ config: { push: STRICT } });

const KEY = `query($t: ID!) { pushPublicKey(tenant_uuid: $t) }`;
const SAVE_SUB = `mutation($t: ID!, $e: String!, $p: String!, $a: String!) { savePushSubscription(tenant_uuid: $t, endpoint: $e, p256dh: $p, auth: $a) }`;

let stand: PushStand;
let port: number;
let worker: TestMember;

beforeAll(async () => {
  stand = await startPushStand();
  port = Number(new URL((await stand.subscribe(vapidKeys('memory://').publicKey)).endpoint).port);
  worker = await createMember(t.database.db, await createTenant(t.database.db), { permissions: ['basic_access'] });
});
afterAll(() => stand.close());

const subscriptionsOf = (who: TestMember) =>
  withTenant(t.database.db, who.tenantUuid, (tx) =>
    tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.tenant_uuid, who.tenantUuid), eq(pushSubscriptions.employees_id, who.employeeId))),
  );

describe('the address check', () => {
  it.each([
    ['loopback', ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']],
    ['private (RFC 1918)', ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.254']],
    ['shared address space (CGNAT 100.64/10)', ['100.64.0.1', '100.127.255.254']],
    ['link-local, with the cloud metadata service', ['169.254.169.254', '169.254.0.1', 'fe80::1', 'febf:ffff::1']],
    ['unique-local IPv6 (and AWS’s IPv6 metadata address)', ['fc00::1', 'fd12:3456:789a::1', 'fd00:ec2::254']],
    ['this network and unspecified', ['0.0.0.0', '0.1.2.3', '::']],
    ['multicast, reserved and broadcast', ['224.0.0.1', '239.255.255.250', 'ff02::1', '240.0.0.1', '255.255.255.255']],
    [
      'documentation, benchmarking, 6to4 and Teredo',
      ['192.0.2.1', '198.51.100.1', '203.0.113.9', '198.18.0.1', '2001:db8::1', '2002:7f00:1::1', '2001:0:4136:e378::1'],
    ],
    [
      'IPv4-mapped IPv6 of private ranges',
      ['::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:192.168.1.1', '::ffff:100.64.0.1', '::ffff:0.0.0.0'],
    ],
    ['not an address at all', ['localhost', '', '127.1', '1.2.3.4.5']],
  ])('refuses %s', (_what, addresses) => {
    for (const address of addresses) expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes public addresses, right next to the refused ranges too', () => {
    for (const address of [
      '142.250.74.202',
      '8.8.8.8',
      '17.57.146.20',
      '172.15.255.255',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '169.253.255.255',
      '169.255.0.1',
      '11.0.0.1',
      '2a00:1450:4001:82b::200a',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('checks every address a name resolves to, and only then answers them (the first is the one connected to)', async () => {
    const url = (host: string) => new URL(`https://${host}/x`);
    await expect(resolvePushHost(url('fcm.googleapis.com'), STRICT)).resolves.toEqual([
      { address: '142.250.74.202', family: 4 },
      { address: '2a00:1450:4001:82b::200a', family: 6 },
    ]);
    await expect(resolvePushHost(url('push.groundwork.test'), STRICT)).rejects.toThrow(PushAddressRefused);
    await expect(resolvePushHost(url('mixed.push.apple.com'), STRICT)).rejects.toThrow(/10\.0\.0\.7/);
    await expect(resolvePushHost(url('metadata.push.apple.com'), STRICT)).rejects.toThrow(/169\.254\.169\.254/);
    // An address written as the host is not looked up: it is checked as it is.
    lookup.mockClear();
    await expect(resolvePushHost(url('[::1]'), STRICT)).rejects.toThrow(PushAddressRefused);
    expect(lookup).not.toHaveBeenCalled();
    // Only the test setting lets a loopback address through.
    await expect(resolvePushHost(url('push.groundwork.test'), { ...STRICT, allowPrivate: true })).resolves.toHaveLength(1);
  });
});

describe('the endpoint check', () => {
  it('takes https on the browsers’ push services only', () => {
    const ok = (endpoint: string, policy: PushConfig = STRICT) => pushEndpointUrl(endpoint, policy) !== null;
    expect(ok('https://fcm.googleapis.com/fcm/send/abc:APA91')).toBe(true);
    expect(ok('https://updates.push.services.mozilla.com/wpush/v2/gAAAA')).toBe(true);
    expect(ok('https://wns2-by3p.notify.windows.com/w/?token=BQYAAA')).toBe(true);
    expect(ok('https://web.push.apple.com/QGuQyavXutnMH')).toBe(true);
    expect(ok('https://FCM.googleapis.com./fcm/send/x')).toBe(true);
    expect(ok('http://fcm.googleapis.com/fcm/send/x')).toBe(false);
    expect(ok('https://fcm.googleapis.com.attacker.example/x')).toBe(false);
    expect(ok('https://evilfcm.googleapis.com/x')).toBe(false);
    expect(ok('https://push.services.mozilla.com.attacker.example/x')).toBe(false);
    expect(ok('https://user:secret@fcm.googleapis.com/x')).toBe(false);
    expect(ok('ftp://fcm.googleapis.com/x')).toBe(false);
    expect(ok('https://169.254.169.254/latest/meta-data/')).toBe(false);
    // Even on the list, an address is checked.
    expect(ok('https://10.0.0.1/x', { ...STRICT, hosts: ['10.0.0.1'] })).toBe(false);
    expect(ok('http://127.0.0.1:9/x', STAND_PUSH)).toBe(true);
  });

  it('matches a *. entry under its domain only', () => {
    expect(isPushServiceHost('a.b.push.apple.com', ['*.push.apple.com'])).toBe(true);
    expect(isPushServiceHost('push.apple.com', ['*.push.apple.com'])).toBe(false);
    expect(isPushServiceHost('evilpush.apple.com', ['*.push.apple.com'])).toBe(false);
  });

  it('takes at save a push service’s name that does not resolve now (it is checked again at each send)', async () => {
    await expect(mayStorePushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', STRICT)).resolves.toBe(true);
    await expect(mayStorePushEndpoint('https://mixed.push.apple.com/x', STRICT)).resolves.toBe(false);
  });
});

describe('savePushSubscription and sending', () => {
  it('refuses loopback endpoints at save with VALIDATION on endpoint, stores nothing and never contacts them', async () => {
    const key = ok(await t.gql(KEY, { t: worker.tenantUuid }, worker.token)).pushPublicKey as string;
    const sub = await stand.subscribe(key);
    const refused = [
      sub.endpoint,
      sub.endpoint.replace('http:', 'https:'),
      'http://127.0.0.1:5432/x',
      'https://127.0.0.1:5432/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0x7f.1/x',
      'https://2130706433/x',
      'https://localhost/x',
      'https://localhost./x',
      // On the list, but resolving to 127.0.0.1.
      `https://push.groundwork.test:${port}/notify/${sub.clientHash}`,
      // A push service's name with a private address among its answers.
      'https://mixed.push.apple.com/x',
    ];
    for (const endpoint of refused) {
      const res = await t.gql(SAVE_SUB, { t: worker.tenantUuid, e: endpoint, p: sub.keys.p256dh, a: sub.keys.auth }, worker.token);
      expect(res.errors?.[0], endpoint).toMatchObject({
        message: "This is not a push service's address.",
        extensions: { code: 'VALIDATION', field: 'endpoint', message_key: 'notifications.notPushService', message_values: {} },
      });
    }
    expect(await subscriptionsOf(worker)).toEqual([]);
    expect(await stand.received(sub.clientHash)).toEqual([]);

    // A push service's endpoint is taken (saving never contacts it).
    const fcm = 'https://fcm.googleapis.com/fcm/send/abc:APA91b';
    ok(await t.gql(SAVE_SUB, { t: worker.tenantUuid, e: fcm, p: sub.keys.p256dh, a: sub.keys.auth }, worker.token));
    expect((await subscriptionsOf(worker)).map((s) => s.endpoint)).toEqual([fcm]);
    await withTenant(t.database.db, worker.tenantUuid, (tx) =>
      tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.tenant_uuid, worker.tenantUuid), eq(pushSubscriptions.endpoint, fcm))),
    );
  });

  it('does not send to a stored loopback endpoint (one saved before the check), as the stand-in shows', async () => {
    const key = ok(await t.gql(KEY, { t: worker.tenantUuid }, worker.token)).pushPublicKey as string;
    const sub = await stand.subscribe(key);
    await withTenant(t.database.db, worker.tenantUuid, (tx) =>
      tx.insert(pushSubscriptions).values(
        [sub.endpoint, `http://push.groundwork.test:${port}/notify/${sub.clientHash}`].map((endpoint) => ({
          tenant_uuid: worker.tenantUuid,
          employees_id: worker.employeeId,
          endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
        })),
      ),
    );
    const warn = vi.fn();
    const notify = (push: PushConfig, task: string) =>
      notifyPeople(
        {
          db: t.database.db,
          realtime: { publish: () => {} } as never,
          dataDir: 'memory://',
          log: { warn, error: console.error },
          config: { push },
        },
        worker.tenantUuid,
        [worker.employeeId],
        { kind: 'task_assigned', text: textRef('notification.task_assigned', { task }), ref_id: 1 },
        new Date(),
      );

    // The server's settings: neither is contacted, both are kept (it is the settings that refuse them, not the service).
    await notify(STRICT, 'Pour the slab');
    await settlePushes();
    expect(await stand.received(sub.clientHash)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ refused: 2 }), expect.any(String));
    expect(await subscriptionsOf(worker)).toHaveLength(2);

    // Outside any configuration too: only the browsers' services.
    await notifyPeople(
      { db: t.database.db, realtime: { publish: () => {} } as never, dataDir: 'memory://', log: { warn, error: console.error } },
      worker.tenantUuid,
      [worker.employeeId],
      { kind: 'task_assigned', text: textRef('notification.task_assigned', { task: 'Strip the forms' }), ref_id: 2 },
      new Date(),
    );
    await settlePushes();
    expect(await stand.received(sub.clientHash)).toEqual([]);

    // The check is what kept it out: the stand-in's own test setting lets the same device hear the next one.
    await notify(STAND_PUSH, 'Cure the slab');
    await settlePushes();
    expect(await stand.received(sub.clientHash)).toEqual([expect.objectContaining({ kind: 'task_assigned' })]);
  });

  it('connects to the address it checked, not to a second lookup', async () => {
    const keys = vapidKeys('memory://');
    const sub = await stand.subscribe(keys.publicKey);
    // push.groundwork.test exists only in the injected resolver: reaching the stand-in proves the request went to
    // the checked address (the test setting is needed, that address being loopback).
    const policy: PushConfig = { hosts: ['push.groundwork.test'], allowPrivate: true, lookup };
    const endpoint = `http://push.groundwork.test:${port}/notify/${sub.clientHash}`;
    const sent = await sendPush(
      keys,
      [{ id: 1, endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }],
      { title: 'Hi', link: null, kind: 'test' },
      policy,
    );
    expect(sent).toEqual({ gone: [], failed: 0, refused: 0 });
    expect(await stand.received(sub.clientHash)).toEqual([expect.objectContaining({ title: 'Hi' })]);
    // Without the test setting, the same is refused and nothing is sent.
    const strict = await sendPush(
      keys,
      [{ id: 1, endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }],
      { title: 'Again', link: null, kind: 'test' },
      { ...policy, allowPrivate: false },
    );
    expect(strict).toEqual({ gone: [], failed: 0, refused: 1 });
    expect(await stand.received(sub.clientHash)).toHaveLength(1);
  });
});
