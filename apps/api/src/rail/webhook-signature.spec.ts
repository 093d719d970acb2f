import { describe, expect, it } from '@jest/globals';
import { signWebhook, verifyWebhook } from './webhook-signature.js';

const secret = 'whsec_0123456789abcdef0123456789abcdef';
const now = new Date('2026-11-20T10:00:00Z');
const timestamp = String(now.getTime() / 1000);
const rawBody = Buffer.from('{"id":"evt_1","payout":{"reference":"r","status":"processed"}}');

describe('rail webhook signatures', () => {
  const check = (overrides: Partial<Parameters<typeof verifyWebhook>[0]>) =>
    verifyWebhook({
      secret,
      signature: signWebhook(secret, timestamp, rawBody),
      timestamp,
      rawBody,
      now,
      ...overrides,
    });

  it('accepts the provider’s HMAC-SHA256 of "<timestamp>.<raw body>", in seconds or milliseconds', () => {
    expect(check({})).toEqual({ ok: true });
    const ms = String(now.getTime());
    expect(check({ timestamp: ms, signature: signWebhook(secret, ms, rawBody) })).toEqual({
      ok: true,
    });
  });

  it('refuses another secret, a changed byte of the body, and another timestamp', () => {
    expect(check({ signature: signWebhook('other', timestamp, rawBody) })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const changed = Buffer.from(rawBody.toString().replace('processed', 'processeD'));
    expect(check({ rawBody: changed })).toEqual({ ok: false, reason: 'mismatch' });
    expect(check({ timestamp: String(Number(timestamp) + 1) })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses a timestamp more than 5 minutes away, and missing or malformed headers', () => {
    const old = String(Number(timestamp) - 301);
    expect(check({ timestamp: old, signature: signWebhook(secret, old, rawBody) })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(check({ signature: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(check({ rawBody: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(check({ signature: 'zz' })).toEqual({ ok: false, reason: 'malformed' });
    expect(check({ timestamp: 'yesterday' })).toEqual({ ok: false, reason: 'malformed' });
  });
});
