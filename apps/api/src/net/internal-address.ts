import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Addresses and ranges let through although internal (WEBHOOK_ALLOW_ADDRESSES, tests only). */
export type AddressAllowlist = [Address, number][];

/** How a refusal names ipaddr.js's ranges; any other range is `special-purpose`. */
const KINDS: Record<string, string> = {
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  uniqueLocal: 'unique-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

/** 2000::/3: every IPv6 address the internet routes today (RFC 4291 global unicast). */
const GLOBAL_UNICAST_V6 = [ipaddr.parseCIDR('2000::/3')];

/**
 * What kind of internal address this is (`loopback`, `private`, `link-local` …), or undefined
 * for a public unicast address or one the allowlist names. An IPv4-mapped IPv6 address is
 * judged as the IPv4 address inside it; an IPv6 address outside global unicast (IPv4-compatible,
 * NAT64, 6to4, discard …) is `special-purpose`; a string that is no address is `unknown`.
 * The ranges are ipaddr.js's (RFC 6890's special-purpose registries).
 */
export function internalAddressKind(
  text: string,
  allowed: AddressAllowlist = [],
): string | undefined {
  if (!ipaddr.isValid(text)) return 'unknown';
  const address = ipaddr.process(text);
  if (within(address, allowed)) return undefined;
  const range = address.range();
  if (range !== 'unicast') return KINDS[range] ?? 'special-purpose';
  if (address.kind() === 'ipv6' && !within(address, GLOBAL_UNICAST_V6)) return 'special-purpose';
  return undefined;
}

/**
 * The address as this module judges it, to connect to: an IPv4-mapped IPv6 address as its
 * IPv4 address, so the socket goes exactly where the check looked.
 */
export function judgedAddress(text: string): { address: string; family: 4 | 6 } {
  const address = ipaddr.process(text);
  return { address: address.toString(), family: address.kind() === 'ipv4' ? 4 : 6 };
}

/** Whether the address is in one of the ranges (of its own IP version). */
function within(address: Address, ranges: AddressAllowlist): boolean {
  return ranges.length > 0 && ipaddr.subnetMatch(address, { ranges }, 'none') === 'ranges';
}

/** A comma-separated list of addresses and CIDR ranges; throws on the first item that is neither. */
export function parseAddressAllowlist(value: string): AddressAllowlist {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      if (ipaddr.isValidCIDR(item)) return ipaddr.parseCIDR(item);
      if (ipaddr.isValid(item)) {
        const address = ipaddr.process(item);
        return [address, address.kind() === 'ipv4' ? 32 : 128] as [Address, number];
      }
      throw new Error(`"${item}" is not an IP address or CIDR range.`);
    });
}
