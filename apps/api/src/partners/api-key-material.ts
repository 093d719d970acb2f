import { randomBytes } from 'node:crypto';

/** The key id starts so, so a key id is easy to tell apart in logs and code. */
export const KEY_PREFIX_START = 'kh_live_';

/** The signing secret starts so, so a leaked secret is easy to find (secret scanners, grep). */
export const KEY_SECRET_START = 'kh_secret_';

const KEY_ID = /^kh_live_[0-9a-f]{8}$/;

/**
 * A new key: the key id (public: shown in lists, sent in `X-Khata-Key-Id`, logged) and the
 * signing secret (shown once, never sent on a call: the server keeps it sealed to check
 * signatures with).
 */
export interface NewKeyMaterial {
  prefix: string;
  secret: string;
}

export function newKeyMaterial(): NewKeyMaterial {
  return {
    prefix: `${KEY_PREFIX_START}${randomBytes(4).toString('hex')}`,
    secret: `${KEY_SECRET_START}${randomBytes(32).toString('base64url')}`,
  };
}

/** `X-Khata-Key-Id` when it is one of ours, else undefined. */
export function parseKeyId(header: unknown): string | undefined {
  return typeof header === 'string' && KEY_ID.test(header) ? header : undefined;
}

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A webhook signing secret, shown once: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}
