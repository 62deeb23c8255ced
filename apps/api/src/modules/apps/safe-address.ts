import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook must not reach in production (SSRF): loopback, private, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges, and their IPv6
 * counterparts. IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry (BlockList
 * also matches an IPv4 address against IPv6 rules through its mapped form, so no ::ffff:0:0/96 rule).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** True for an address in a private, loopback, link-local or reserved range. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  if (family === 6) return PRIVATE.check(bare, 'ipv6');
  return false;
}

export class PrivateAddressError extends Error {
  constructor(
    host: string,
    readonly address: string,
  ) {
    super(
      `${host} resolves to a private or loopback address (${address}); webhooks may not reach private networks`,
    );
    this.name = 'PrivateAddressError';
  }
}

/**
 * A DNS lookup for http.request that refuses private addresses. The check is on the addresses the
 * connection then uses, so a name that resolves differently the second time (DNS rebinding) cannot
 * slip through between a check and the connection.
 */
export function publicOnlyLookup(allowed: (address: string) => boolean = () => false): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const blocked = addresses.find((entry) => isPrivateAddress(entry.address) && !allowed(entry.address));
      if (blocked) return callback(new PrivateAddressError(hostname, blocked.address), '', 0);
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        return;
      }
      const [first] = addresses;
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** True for a loopback address (127.0.0.0/8, ::1, or 127.x as IPv4-mapped IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/^::ffff:(?=\d)/i, '');
  return bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}
