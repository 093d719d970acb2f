import { describe, expect, it } from '@jest/globals';
import { internalAddressKind, parseAddressAllowlist } from './internal-address.js';

/** Issue 31 item 8: the addresses a partner's webhook may never reach, and the ones it may. */
describe('internalAddressKind', () => {
  const refused: [string, string][] = [
    // IPv4
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // IPv6
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    // IPv4-mapped IPv6: judged as the IPv4 address inside.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:172.16.0.1', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['::ffff:100.64.0.1', 'carrier-grade NAT'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:224.0.0.1', 'multicast'],
    ['::ffff:255.255.255.255', 'broadcast'],
    // Other IPv6 forms that carry an IPv4 address, or are not global unicast.
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'special-purpose'],
    ['64:ff9b::a00:1', 'special-purpose'],
    ['2002:a00:1::1', 'special-purpose'],
    ['100::1', 'special-purpose'],
  ];

  it.each(refused)('refuses %s as %s', (address, kind) => {
    expect(internalAddressKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '11.0.0.1'])(
    'lets the public IPv4 address %s through',
    (address) => {
      expect(internalAddressKind(address)).toBeUndefined();
    },
  );

  it.each(['2606:4700:4700::1111', '2404:6800:4009:80b::200e', '::ffff:8.8.8.8'])(
    'lets the public IPv6 address %s through',
    (address) => {
      expect(internalAddressKind(address)).toBeUndefined();
    },
  );

  it('calls what is not an address unknown, never public', () => {
    expect(internalAddressKind('localhost')).toBe('unknown');
    expect(internalAddressKind('')).toBe('unknown');
  });

  it('lets an allowlisted range through, and nothing next to it', () => {
    const allowed = parseAddressAllowlist('127.0.0.1, fd00::/8');
    expect(internalAddressKind('127.0.0.1', allowed)).toBeUndefined();
    expect(internalAddressKind('::ffff:127.0.0.1', allowed)).toBeUndefined();
    expect(internalAddressKind('fd00::5', allowed)).toBeUndefined();
    expect(internalAddressKind('127.0.0.2', allowed)).toBe('loopback');
    expect(internalAddressKind('169.254.169.254', allowed)).toBe('link-local');
  });

  it('reads an allowlist of addresses and CIDR ranges, and refuses anything else', () => {
    expect(parseAddressAllowlist('')).toEqual([]);
    expect(parseAddressAllowlist(' 10.0.0.0/8 ,::1 ')).toHaveLength(2);
    expect(() => parseAddressAllowlist('10.0.0.0/33')).toThrow('"10.0.0.0/33"');
    expect(() => parseAddressAllowlist('localhost')).toThrow('"localhost"');
  });
});
