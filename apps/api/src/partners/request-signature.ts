import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far `X-Khata-Timestamp` may be from our clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** `X-Khata-Nonce`: 16 to 64 letters, digits, `-` or `_` (a UUID is one). */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The signature of a webhook to a partner: `sha256=` and the hex HMAC-SHA256, under the webhook
 * secret, of `<unix seconds>.<raw body bytes>`.
 */
export function signPayload(secret: string, timestamp: string, rawBody: Buffer | string): string {
  const hex = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `sha256=${hex}`;
}

/** What a partner's call signs, each part as sent. */
export interface SignedCall {
  timestamp: string;
  nonce: string;
  /** Upper case, as on the request line: `GET`, `POST`. */
  method: string;
  /** The path and query exactly as on the request line, from `/api`. */
  path: string;
  rawBody: Buffer | string;
}

/**
 * The signature of a partner's call (issue 31): `sha256=` and the hex HMAC-SHA256, under the
 * key's secret, of the timestamp, the nonce, the method, the path with its query and the raw
 * body, joined by newlines (none of the first four can hold one, so the text is unambiguous).
 */
export function signCall(secret: string, call: SignedCall): string {
  const head = [call.timestamp, call.nonce, call.method, call.path, ''].join('\n');
  return `sha256=${createHmac('sha256', secret).update(head).update(call.rawBody).digest('hex')}`;
}

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Checks a call's headers, its timestamp window and its signature (in constant time). */
export function checkCallSignature(input: {
  secret: string;
  signature: unknown;
  timestamp: unknown;
  nonce: unknown;
  method: string;
  path: string;
  rawBody: Buffer | undefined;
  now: Date;
}): SignatureCheck {
  const { signature, timestamp, nonce } = input;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string') {
    return { ok: false, reason: 'missing' };
  }
  if (
    !/^sha256=[0-9a-f]{64}$/.test(signature) ||
    !/^\d{1,12}$/.test(timestamp) ||
    !NONCE.test(nonce)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const skew = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  if (skew > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(
    signCall(input.secret, {
      timestamp,
      nonce,
      method: input.method,
      path: input.path,
      rawBody: input.rawBody ?? '',
    }),
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
