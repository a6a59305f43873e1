import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { PushConfig } from '../../config.js';

/**
 * Where the server may send a Web Push (issue 50): a subscription's endpoint is a URL the browser hands over, and
 * each notification makes the server POST to it, so it must be a push service's, not an address inside our network.
 *
 * - At save and at send, the endpoint must be https on a host of the allow-list (PUSH_SERVICE_HOSTS, by default the
 *   browsers' push services);
 * - at send (and at save, when the name resolves) every address the host resolves to must be a public one, and the
 *   request goes to the address that was checked (no second lookup a rebinding name could answer differently).
 *
 * Only PUSH_ALLOW_PRIVATE (tests and development, refused in production) lets plain http and private or loopback
 * addresses through: the tests' push service stand-in on 127.0.0.1.
 */

export type LookupAddress = { address: string; family: number };
type LookupAll = NonNullable<PushConfig['lookup']>;

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

// Not a public unicast address: this network, private, shared (CGNAT), loopback, link-local (the cloud metadata
// service), IETF protocol assignments, documentation, 6to4 relay, benchmarking, multicast, reserved, broadcast.
const V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
// Unspecified, loopback, local-use NAT64, discard, Teredo and other IETF assignments, documentation, 6to4 (which
// embeds any IPv4 address), unique-local, link-local, old site-local, multicast. IPv4-mapped addresses
// (::ffff:a.b.c.d) are checked against the IPv4 ranges by BlockList itself.
const V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const blocked = new BlockList();
for (const [net, prefix] of V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether `address` (an IP address, v4 or v6, without brackets) is a public unicast one the server may reach. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A URL's hostname as an address when it is one ('[::1]' → '::1'), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** Whether `hostname` is on the allow-list: an entry is a host, or '*.domain' for any name under that domain. */
export function isPushServiceHost(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('*.') ? host.endsWith(e.slice(1)) : host === e;
  });
}

/**
 * The endpoint as a URL when its scheme and host may be sent to (https on an allowed host whose address, when it is
 * written as one, is public); null otherwise. What the host resolves to is `resolvePushHost`'s to check.
 */
export function pushEndpointUrl(endpoint: string, policy: PushConfig): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) return null;
  if (url.username || url.password) return null;
  if (!isPushServiceHost(url.hostname, policy.hosts)) return null;
  const literal = literalAddress(url.hostname);
  if (literal && !policy.allowPrivate && !isPublicAddress(literal)) return null;
  return url;
}

export class PushAddressRefused extends Error {}

/**
 * Every address `url`'s host resolves to, all of them public (else PushAddressRefused); the first is the one to
 * connect to. A host written as an address is that address. PUSH_ALLOW_PRIVATE skips the address check.
 */
export async function resolvePushHost(url: URL, policy: PushConfig): Promise<LookupAddress[]> {
  const literal = literalAddress(url.hostname);
  const addresses = literal ? [{ address: literal, family: isIP(literal) }] : await (policy.lookup ?? systemLookup)(url.hostname);
  if (addresses.length === 0) throw new PushAddressRefused(`${url.hostname} has no address`);
  if (!policy.allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new PushAddressRefused(`${url.hostname} resolves to ${bad.address}, not a public address`);
  }
  return addresses;
}

/**
 * Whether a subscription's endpoint may be saved: a push service's https URL, whose host does not resolve to a
 * private address (a name that does not resolve now is taken: it is checked again at each send).
 */
export async function mayStorePushEndpoint(endpoint: string, policy: PushConfig): Promise<boolean> {
  const url = pushEndpointUrl(endpoint, policy);
  if (!url) return false;
  try {
    await resolvePushHost(url, policy);
    return true;
  } catch (err) {
    return !(err instanceof PushAddressRefused);
  }
}
