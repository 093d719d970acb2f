import type { RoleKind, ServiceOverride } from '@khata/domain';
import { isElevated } from '../auth/sessions.service.js';
import { createHash, randomBytes } from 'node:crypto';

/** How long a sign-in link works: long enough to open it, too short to be passed around. */
export const LINK_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

const TOKEN_BYTES = 32;
// 32 bytes in base64url without padding are 43 characters.
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export const LinkLoginMessages = {
  invalid: 'This sign-in link is invalid or has expired.',
  notBelow: 'You can only open the account of a user below you.',
  // Issue 31: accounts that act for others or for a business are opened by their holder only.
  notOpenable:
    'A sign-in link cannot open a partner account or one that holds the staff service. Its holder must sign in with their own password.',
} as const;

/**
 * Issue 31: a sign-in link never opens a partner (its keys move its money by API) nor a user
 * who acts on every account (an admin, a staff employee): checked when the link is made and
 * again when it is used.
 */
export function linkMayOpen(kind: RoleKind, overrides: readonly ServiceOverride[]): boolean {
  return kind !== 'partner' && !isElevated(kind, overrides);
}

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
