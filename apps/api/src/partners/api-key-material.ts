import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The public part of every key starts so, so a leaked key is easy to find in logs and code. */
export const KEY_PREFIX_START = 'kh_live_';

const PREFIX = /^kh_live_[0-9a-f]{8}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** A new key: the prefix (public, shown in lists) and the 32-byte secret (shown once). */
export interface NewKeyMaterial {
  prefix: string;
  secret: string;
  /** What the partner's systems send in `X-Khata-Key`: `<prefix>.<secret>`. */
  apiKey: string;
  secretHash: Buffer;
}

export function newKeyMaterial(): NewKeyMaterial {
  const prefix = `${KEY_PREFIX_START}${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  return { prefix, secret, apiKey: `${prefix}.${secret}`, secretHash: hashSecret(secret) };
}

/**
 * SHA-256, not a slow password hash: the secret is 256 random bits, so there is nothing to
 * guess and no dictionary to slow down, and every machine call checks it (docs/decisions.md).
 */
export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** `X-Khata-Key` split into its prefix and secret, or undefined when it is not one of ours. */
export function parseApiKey(header: unknown): { prefix: string; secret: string } | undefined {
  if (typeof header !== 'string') return undefined;
  const dot = header.indexOf('.');
  if (dot < 0) return undefined;
  const prefix = header.slice(0, dot);
  const secret = header.slice(dot + 1);
  return PREFIX.test(prefix) && SECRET.test(secret) ? { prefix, secret } : undefined;
}

export function secretMatches(secret: string, storedHash: Buffer): boolean {
  const actual = hashSecret(secret);
  return actual.length === storedHash.length && timingSafeEqual(actual, storedHash);
}

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A webhook signing secret, shown once: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}
