import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far `X-Khata-Timestamp` may be from our clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The signature of a partner call and of a webhook to a partner, the one recipe both ways:
 * `sha256=` and the hex HMAC-SHA256, under the secret, of `<unix seconds>.<raw body bytes>`.
 */
export function signPayload(secret: string, timestamp: string, rawBody: Buffer | string): string {
  const hex = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `sha256=${hex}`;
}

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Checks a call's timestamp window and signature; the comparison takes constant time. */
export function checkSignature(input: {
  secret: string;
  signature: unknown;
  timestamp: unknown;
  rawBody: Buffer | undefined;
  now: Date;
}): SignatureCheck {
  const { signature, timestamp } = input;
  if (typeof signature !== 'string' || typeof timestamp !== 'string') {
    return { ok: false, reason: 'missing' };
  }
  if (!/^sha256=[0-9a-f]{64}$/.test(signature) || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: 'malformed' };
  }
  const skew = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  if (skew > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signPayload(input.secret, timestamp, input.rawBody ?? ''));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
