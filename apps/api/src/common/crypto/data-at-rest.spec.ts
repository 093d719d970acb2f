import { describe, expect, it } from '@jest/globals';
import { Secret } from '../../config/secret.js';
import { DataAtRest } from './data-at-rest.js';

const under = (dataKey: string, lookupKey: string) =>
  new DataAtRest({ dataKey: new Secret(dataKey), lookupKey: new Secret(lookupKey) });

describe('DataAtRest', () => {
  const atRest = under('d'.repeat(32), 'l'.repeat(32));

  it('seals an account number and gives the same look-up hash for the same number only', () => {
    const one = atRest.sealAccount('50100123456789');
    const two = atRest.sealAccount('50100123456789');
    expect(one.sealed).not.toContain('50100123456789');
    expect(one.sealed).not.toBe(two.sealed);
    expect(atRest.open(one.sealed)).toBe('50100123456789');
    expect(one.hash.equals(two.hash)).toBe(true);
    expect(one.hash.equals(atRest.accountHash('50100123456780'))).toBe(false);
  });

  it('keys the hash with LOOKUP_KEY alone: another lookup key, another hash; another data key, the same', () => {
    const hash = atRest.accountHash('50100123456789');
    expect(under('d'.repeat(32), 'm'.repeat(32)).accountHash('50100123456789').equals(hash)).toBe(
      false,
    );
    expect(under('e'.repeat(32), 'l'.repeat(32)).accountHash('50100123456789').equals(hash)).toBe(
      true,
    );
  });

  it('keys a payout request digest: the same digest, the same answer; another key, another', () => {
    expect(atRest.requestHash('abc')).toBe(atRest.requestHash('abc'));
    expect(atRest.requestHash('abc')).not.toBe(atRest.requestHash('abd'));
    expect(under('d'.repeat(32), 'm'.repeat(32)).requestHash('abc')).not.toBe(
      atRest.requestHash('abc'),
    );
  });
});
