import { describe, expect, it } from '@jest/globals';
import { addressKey } from './address-key.js';

describe('addressKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:c633:6407', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    expect(addressKey('2001:db8:a:b:1::')).toBe(addressKey('2001:db8:a:b:ffff:1:2:3'));
    expect(addressKey('2001:db8:a:b::1')).not.toBe(addressKey('2001:db8:a:c::1'));
  });

  it('keys a missing or unreadable address as unknown', () => {
    expect(addressKey(null)).toBe('unknown');
    expect(addressKey('not an address')).toBe('unknown');
  });
});
