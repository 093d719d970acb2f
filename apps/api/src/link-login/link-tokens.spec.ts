import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { isWellFormedLinkToken, linkPathFor, newLinkToken } from './link-tokens.js';

describe('link tokens', () => {
  it('makes 32 random bytes in base64url and keeps only their SHA-256', () => {
    const { token, tokenHash } = newLinkToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isWellFormedLinkToken(token)).toBe(true);
    expect(tokenHash.equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(newLinkToken().token).not.toBe(token);
  });

  it.each(['', 'short', `${'A'.repeat(43)}=`, `${'A'.repeat(42)}+`, 'A'.repeat(44)])(
    'refuses %j unread',
    (token) => expect(isWellFormedLinkToken(token)).toBe(false),
  );

  it.each([
    ['sdistributor', '/loginIntoSuperDistributor/t'],
    ['coDistributor', '/loginIntoDistributor/t'],
    ['distributor', '/loginIntoDistributor/t'],
    ['employee2', '/loginIntoUser/t'],
    ['user', '/loginIntoUser/t'],
    ['partner', '/loginIntoUser/t'],
  ] as const)('sends a %s to %s', (kind, path) => expect(linkPathFor(kind, 't')).toBe(path));
});
