import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** A hostname's addresses (the system resolver by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** A webhook address the server refuses to call; the message is shown to the user. */
export class WebhookRefused extends Error {}

/**
 * Addresses a webhook may not reach: the server's own network. Loopback, private, CGNAT
 * (100.64/10), link-local (169.254/16, fe80::/10, where cloud metadata lives), unique-local
 * (fc00::/7), "this network" (0/8, ::), multicast, reserved and documentation ranges.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback ::1 and IPv4-compatible ::a.b.c.d
  ['64:ff9b::', 96], // NAT64: reaches IPv4 through the local translator
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10], // old site-local
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one, in any spelling (::ffff:127.0.0.1, ::ffff:7f00:1). */
function mappedIpv4(ip: string): string | null {
  // The URL parser writes an IPv6 address in its canonical form: ::ffff:7f00:1.
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = mappedIpv4(bare);
    if (v4 !== null) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true; // not an address at all: refuse rather than guess
}

export interface CheckedTarget {
  url: URL;
  /** The address to connect to: the one that was checked (no second lookup to rebind). */
  address: string;
  family: 4 | 6;
}

export const webhookText = {
  invalid: 'Enter a webhook address starting with http:// or https://.',
  credentials: 'A webhook address may not hold a user name or password.',
  unresolved: (host: string) => `The webhook's host ${host} could not be found.`,
  privateTarget:
    'The webhook address points at a private, loopback or link-local network; alerts are only sent to public addresses.',
} as const;

export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookRefused(webhookText.invalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new WebhookRefused(webhookText.invalid);
  if (url.username || url.password) throw new WebhookRefused(webhookText.credentials);
  return url;
}

/**
 * Resolves the webhook's host and checks every address it has (an attacker's DNS may mix a
 * public and a private one); the caller connects to the returned address, so the answer a later
 * lookup gives (DNS rebinding) never matters. `allowPrivate` (ALERT_WEBHOOK_ALLOW_PRIVATE=1)
 * lets local receivers through.
 */
export async function checkWebhookTarget(
  raw: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<CheckedTarget> {
  const url = parseWebhookUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: 4 | 6 }[];
  const literal = isIP(host);
  if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new WebhookRefused(webhookText.unresolved(host));
    }
    if (addresses.length === 0) throw new WebhookRefused(webhookText.unresolved(host));
  }
  if (!options.allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address)))
    throw new WebhookRefused(webhookText.privateTarget);
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family };
}
