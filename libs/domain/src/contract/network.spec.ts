import { describe, expect, it } from '@jest/globals';
import { checkListSearch, checkNetworkRoot, checkNetworkSearch } from './network.js';

describe('the network calls’ input rules', () => {
  it('takes a user id as the node, and nothing as the viewer’s own root', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(checkNetworkRoot(id)).toEqual({ ok: true, value: id });
    expect(checkNetworkRoot(undefined)).toEqual({ ok: true, value: undefined });
    expect(checkNetworkRoot('')).toEqual({ ok: true, value: undefined });
    expect(checkNetworkRoot('1 OR 1=1')).toEqual({ ok: false, message: 'User not found' });
    expect(checkNetworkRoot(42)).toEqual({ ok: false, message: 'User not found' });
  });

  it('searches with 2 to 60 characters, trimmed', () => {
    expect(checkNetworkSearch('  ra ')).toEqual({ ok: true, value: 'ra' });
    expect(checkNetworkSearch(' r ')).toEqual({
      ok: false,
      message: 'Type at least 2 characters to search.',
    });
    expect(checkNetworkSearch(123)).toMatchObject({ ok: false });
    expect(checkNetworkSearch('x'.repeat(61))).toEqual({
      ok: false,
      message: 'Search text must be at most 60 characters.',
    });
  });

  it('filters a list by optional text, empty meaning none', () => {
    expect(checkListSearch('  ')).toEqual({ ok: true, value: undefined });
    expect(checkListSearch(null)).toEqual({ ok: true, value: undefined });
    expect(checkListSearch(' Jaipur ')).toEqual({ ok: true, value: 'Jaipur' });
    expect(checkListSearch(['a'])).toMatchObject({ ok: false });
  });
});
