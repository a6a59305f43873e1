import type { AddressInfo } from 'node:net';
// @ts-expect-error: web-push-testing ships no types
import { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
// @ts-expect-error: web-push-testing ships no types
import WebPushTestingServer from 'web-push-testing/src/server.js';
import type { PushConfig } from '../config.js';

/**
 * The push settings a test using the stand-in runs with: its host, plain http and a loopback address allowed
 * (PUSH_SERVICE_HOSTS=127.0.0.1, PUSH_ALLOW_PRIVATE=true). Never the default: without it the stand-in is refused.
 */
export const STAND_PUSH: PushConfig = { hosts: ['127.0.0.1'], allowPrivate: true };

/** A browser's push subscription as the stand-in hands it out (`clientHash` reads what it received). */
type StandSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };

/**
 * A push service stand-in (web-push-testing) on 127.0.0.1 for the server's real `web-push` adapter to talk to:
 * subscribe as a browser would, read what a device received, expire a device (410 Gone), close.
 */
export async function startPushStand() {
  const model = new PushApiModel();
  const stand = new WebPushTestingServer(model, 0);
  stand.setRequestHandlers();
  await new Promise<void>((resolve) => {
    stand._server = stand._app.listen(0, '127.0.0.1', resolve);
  });
  const server = stand._server as { close(cb: () => void): void; address(): AddressInfo };
  const base = `http://127.0.0.1:${server.address().port}`;
  model.notifyUrl = `${base}/notify/`;

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  return {
    /** PushManager.subscribe with the server's public key. */
    subscribe: async (applicationServerKey: string) =>
      (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey })).body.data as StandSubscription,
    /** The payloads a device has received, parsed. */
    received: async <T = Record<string, unknown>>(clientHash: string) =>
      ((await post('/get-notifications', { clientHash })).body.data.messages as string[]).map((m) => JSON.parse(m) as T),
    /** From now on the push service answers 410 Gone for this device. */
    expire: (clientHash: string) => post(`/expire-subscription/${clientHash}`, {}),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushStand = Awaited<ReturnType<typeof startPushStand>>;
