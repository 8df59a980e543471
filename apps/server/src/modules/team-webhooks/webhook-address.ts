import { BlockList, isIP } from 'node:net';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns';
import { AppError } from '../../lib/errors.ts';

/**
 * Where a team's webhook may point. A webhook is a request our server makes on a team's say, so
 * in production it must not reach our own network (private, loopback, link-local and other
 * non-public addresses); demo mode may post over plain HTTP and to this machine, where its
 * sandbox receiver listens, and a development or test server to any address.
 */
export interface WebhookAddressRules {
  allowHttp: boolean;
  allowLoopback: boolean;
  allowPrivate: boolean;
}

/** The rules for a server's mode: demo mode (the sandbox) and production. */
export function webhookAddressRules(mode: {
  sandbox: boolean;
  production: boolean;
}): WebhookAddressRules {
  return {
    allowHttp: mode.sandbox,
    allowLoopback: mode.sandbox || !mode.production,
    allowPrivate: !mode.production,
  };
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Addresses that are not on the public internet (RFC 6890 special-purpose ranges). */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
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
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** Why an address may not be posted to under these rules, or undefined when it may. */
export function refusedAddress(address: string, rules: WebhookAddressRules): string | undefined {
  const ip = unmapped(address);
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(ip, family)) {
    return rules.allowLoopback ? undefined : `${address} is this machine (loopback)`;
  }
  if (NOT_PUBLIC.check(ip, family)) {
    return rules.allowPrivate ? undefined : `${address} is a private or reserved address`;
  }
  return undefined;
}

/**
 * Checks an address a team types: HTTPS (HTTP only in demo mode), no user name or password in
 * it, and a host that is not a refused literal address. Host names are checked again at every
 * delivery, on the addresses they resolve to then.
 */
export function checkWebhookUrl(text: string, rules: WebhookAddressRules): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError(
      'VALIDATION_FAILED',
      'Enter the webhook address in full, like https://example.com/hooks.',
      'url',
    );
  }
  const httpOk = url.protocol === 'http:' && rules.allowHttp;
  if (url.protocol !== 'https:' && !httpOk) {
    throw new AppError('VALIDATION_FAILED', 'The webhook address must start with https://.', 'url');
  }
  if (url.username || url.password) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The webhook address cannot hold a user name or password; check the signature instead.',
      'url',
    );
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const refused = isIP(host) ? refusedAddress(host, rules) : undefined;
  const named = host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost');
  if (refused || (named && !rules.allowLoopback)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The webhook address must be reachable on the internet, not a private or local network.',
      'url',
    );
  }
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for the webhook's connection that refuses the host when any address it resolves
 * to is refused: the check and the connection use the same answer, so a name that resolves to
 * a public address when checked and a private one when connecting (DNS rebinding) gets nowhere.
 */
export function guardedLookup(rules: WebhookAddressRules) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const refused = refusedAddress(address, rules);
        if (refused) {
          const blocked: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refused}`);
          blocked.code = 'EADDRREFUSED';
          return callback(blocked, []);
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}
