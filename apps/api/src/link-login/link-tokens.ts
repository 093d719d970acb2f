import type { RoleKind } from '@khata/domain';
import { createHash, randomBytes } from 'node:crypto';

/** How long a sign-in link works: long enough to open it, too short to be passed around. */
export const LINK_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

const TOKEN_BYTES = 32;
// 32 bytes in base64url without padding are 43 characters.
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export { LinkLoginMessages, linkMayOpen } from '@khata/domain';

/**
 * A fresh one-time token and the SHA-256 kept in its place: the database never holds a token
 * that works, so a leaked table opens no account. The token has 256 random bits, so a plain
 * hash is enough (no salt, no slow hash: there is nothing to guess).
 */
export function newLinkToken(): { token: string; tokenHash: Buffer } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: linkTokenHash(token) };
}

export function linkTokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Whether a string can be one of our tokens at all (anything else is refused unread). */
export function isWellFormedLinkToken(token: string): boolean {
  return WELL_FORMED.test(token);
}

/** The console route that signs the target in (spec §2): one per tier of the network. */
export function linkPathFor(kind: RoleKind, token: string): string {
  switch (kind) {
    case 'sdistributor':
      return `/loginIntoSuperDistributor/${token}`;
    case 'coDistributor':
    case 'distributor':
      return `/loginIntoDistributor/${token}`;
    default:
      return `/loginIntoUser/${token}`;
  }
}
