import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from our clock before it counts as a replay. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export type WebhookCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/**
 * The signature a provider puts on a webhook: hex HMAC-SHA256, under the shared secret, of
 * `<timestamp>.<raw body>`. The raw bytes are signed, never a re-serialised object, so a body
 * that was parsed and printed again would not match.
 */
export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** Checks a webhook's signature and freshness, comparing in constant time. */
export function verifyWebhook(input: {
  secret: string;
  signature: unknown;
  timestamp: unknown;
  rawBody: Buffer | undefined;
  now: Date;
}): WebhookCheck {
  const { signature, timestamp, rawBody } = input;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !rawBody) {
    return { ok: false, reason: 'missing' };
  }
  if (!/^[0-9a-f]{64}$/i.test(signature) || !/^\d{10,13}$/.test(timestamp)) {
    return { ok: false, reason: 'malformed' };
  }
  // Seconds (10 digits) or milliseconds (13), as providers differ.
  const sentAt = timestamp.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(input.now.getTime() - sentAt) > WEBHOOK_TOLERANCE_MS) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(signWebhook(input.secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
