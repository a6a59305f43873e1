import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushConfig } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { employees } from '../employees/employees.table.js';
import { pushSubscriptions } from './notifications.table.js';
import { type LookupAddress, PushAddressRefused, pushEndpointUrl, resolvePushHost } from './push-endpoint.js';

/**
 * Web Push (issue 21): VAPID keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (VAPID_SUBJECT, default a mailto of the
 * app), or generated once into DATA_DIR/vapid.json (kept in memory when DATA_DIR is memory://).
 */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const byDir = new Map<string, VapidKeys>();

export function vapidKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? 'mailto:support@groundwork.invalid';
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const known = byDir.get(dataDir);
  if (known) return known;
  let keys: VapidKeys | undefined;
  const file = dataDir === 'memory://' ? null : path.join(dataDir, 'vapid.json');
  if (file && existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    keys = { ...stored, subject };
  }
  if (!keys) {
    const made = webpush.generateVAPIDKeys();
    keys = { publicKey: made.publicKey, privateKey: made.privateKey, subject };
    if (file) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }), { mode: 0o600 });
    }
  }
  byDir.set(dataDir, keys);
  return keys;
}

export type PushTarget = { id: number; endpoint: string; p256dh: string; auth: string };
export type PushPayload = { title: string; link: string | null; kind: string; unread?: number };

/**
 * Sends `payload` to each device; returns the ids of subscriptions the push service says are gone (404 or 410),
 * which the caller deletes. Other failures are logged by the caller and kept for the next time. An endpoint that is
 * not a push service's (`policy`: https on an allowed host, every address it resolves to public) is never contacted:
 * it is counted in `refused`, and the request goes to the very address that was checked.
 */
export async function sendPush(
  keys: VapidKeys,
  targets: PushTarget[],
  payload: PushPayload,
  policy: PushConfig,
): Promise<{ gone: number[]; failed: number; refused: number }> {
  const gone: number[] = [];
  let failed = 0;
  let refused = 0;
  await Promise.all(
    targets.map(async (t) => {
      // RFC 2606: '.invalid' never resolves (the demo's device); nothing to send.
      if (/\.invalid(:\d+)?\//.test(t.endpoint)) return;
      const url = pushEndpointUrl(t.endpoint, policy);
      if (!url) {
        refused++;
        return;
      }
      let addresses: LookupAddress[];
      try {
        addresses = await resolvePushHost(url, policy);
      } catch (err) {
        if (err instanceof PushAddressRefused) refused++;
        else failed++;
        return;
      }
      try {
        // The request web-push builds (encrypted payload, VAPID headers), sent by us: web-push's own sender speaks
        // only TLS (a stand-in in tests listens on plain HTTP) and would look the host up again.
        const req = webpush.generateRequestDetails(
          { endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: keys,
            TTL: 60 * 60 * 24,
          },
        );
        const status = await post(url, addresses[0], req);
        if (status === 404 || status === 410) gone.push(t.id);
        else if (status < 200 || status >= 300) failed++;
      } catch {
        failed++;
      }
    }),
  );
  return { gone, failed, refused };
}

/**
 * POSTs the push to `url` connecting to `pinned`, the address checked for it (TLS still verifies the host's name);
 * answers the status. Redirects are not followed.
 */
function post(url: URL, pinned: LookupAddress, req: ReturnType<typeof webpush.generateRequestDetails>): Promise<number> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (err: null, addresses: LookupAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      { method: req.method, headers: req.headers as Record<string, string>, lookup, agent: false, signal: AbortSignal.timeout(10_000) },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(req.body ? Buffer.from(req.body) : undefined);
  });
}

/** The devices of `people`, each with its person's account (whose saved language the push is written in). */
export async function pushTargets(
  tx: Tx,
  tenant: string,
  people: number[],
): Promise<(PushTarget & { employees_id: number; identity: string | null })[]> {
  if (people.length === 0) return [];
  return tx
    .select({
      id: pushSubscriptions.id,
      employees_id: pushSubscriptions.employees_id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      identity: employees.cognito_uuid,
    })
    .from(pushSubscriptions)
    .innerJoin(employees, and(eq(employees.tenant_uuid, pushSubscriptions.tenant_uuid), eq(employees.id, pushSubscriptions.employees_id)))
    .where(and(eq(pushSubscriptions.tenant_uuid, tenant), inArray(pushSubscriptions.employees_id, people)));
}

export async function dropSubscriptions(tx: Tx, tenant: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.tenant_uuid, tenant), inArray(pushSubscriptions.id, ids)));
}
