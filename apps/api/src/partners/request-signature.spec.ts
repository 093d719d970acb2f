import { describe, expect, it } from '@jest/globals';
import { newKeyMaterial, parseKeyId } from './api-key-material.js';
import { checkCallSignature, signCall, signPayload } from './request-signature.js';

const SECRET = 'kh_secret_q9X3vR7tLk2mN8pW4sY6zB1cD5fG0hJ3kL7mN9pQ2rS';
const EXAMPLE_BODY =
  '{"amount":"100.00","beneficiaryName":"Ravi Kumar","beneficiaryAccountNumber":"501234567890","beneficiaryIfscCode":"SBIN0001234","paymentMode":"IMPS"}';

describe("a partner call's signature", () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const timestamp = String(now.getTime() / 1000);
  const nonce = '3f1c9a2e-7b4d-4e8a-9c61-2d5f0b8e4a17';
  const call = {
    timestamp,
    nonce,
    method: 'POST',
    path: '/api/partner/v1/payouts?x=1',
    rawBody: Buffer.from('{"amount":100}'),
  };
  const check = (overrides: Record<string, unknown> = {}) =>
    checkCallSignature({
      secret: SECRET,
      signature: signCall(SECRET, call),
      ...call,
      now,
      ...overrides,
    } as Parameters<typeof checkCallSignature>[0]);

  it('is the worked examples of docs/api.md ("Signing a call")', () => {
    expect(
      signCall(SECRET, {
        timestamp: '1764064800',
        nonce,
        method: 'POST',
        path: '/api/partner/v1/payouts',
        rawBody: EXAMPLE_BODY,
      }),
    ).toBe('sha256=c0130621b9e030005e9a26ed97e36cabe8e06ddc1f521a5aff00aaab3742c980');
    expect(
      signCall(SECRET, {
        timestamp: '1764064800',
        nonce: '9b2e4c71-0d3a-4f5e-8a6b-c1d2e3f4a5b6',
        method: 'GET',
        path: '/api/partner/v1/balance',
        rawBody: '',
      }),
    ).toBe('sha256=ac6b32d36a91a9e5f4d0a34369ee5e213496f1a06eaffce77db2c442dcf82fdf');
  });

  it('accepts the right signature within 300 seconds either way', () => {
    for (const skew of [-300, 0, 300]) {
      const at = String(Number(timestamp) + skew);
      expect(
        check({ timestamp: at, signature: signCall(SECRET, { ...call, timestamp: at }) }),
      ).toEqual({ ok: true });
    }
  });

  it('covers the method, the path and query, the nonce and the body', () => {
    const mismatch = { ok: false, reason: 'mismatch' };
    expect(check({ method: 'GET' })).toEqual(mismatch);
    expect(check({ path: '/api/partner/v1/payouts?x=2' })).toEqual(mismatch);
    expect(check({ path: '/api/partner/v1/payouts' })).toEqual(mismatch);
    expect(check({ nonce: 'another-nonce-of-enough-length' })).toEqual(mismatch);
    expect(check({ rawBody: Buffer.from('{"amount":900}') })).toEqual(mismatch);
    expect(check({ secret: 'kh_secret_other' })).toEqual(mismatch);
  });

  it('says why it refuses: missing, malformed, stale', () => {
    const good = signCall(SECRET, call);
    expect(check({ signature: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(check({ nonce: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(check({ signature: good.slice(7) })).toEqual({ ok: false, reason: 'malformed' });
    expect(check({ timestamp: 'yesterday' })).toEqual({ ok: false, reason: 'malformed' });
    expect(check({ nonce: 'too-short' })).toEqual({ ok: false, reason: 'malformed' });
    expect(check({ nonce: `a\n${'b'.repeat(20)}` })).toEqual({ ok: false, reason: 'malformed' });
    const late = String(Number(timestamp) - 301);
    expect(
      check({ timestamp: late, signature: signCall(SECRET, { ...call, timestamp: late }) }),
    ).toEqual({ ok: false, reason: 'stale' });
  });
});

describe('the webhook signature (unchanged by issue 31)', () => {
  it('is the worked example of docs/api.md ("Webhooks to the partner")', () => {
    expect(
      signPayload('q9X3vR7tLk2mN8pW4sY6zB1cD5fG0hJ3kL7mN9pQ2rS', '1764064800', EXAMPLE_BODY),
    ).toBe('sha256=cad301577729580e48ccfd18359971cfa4b1cacc5056092e9d3096537ed5edb2');
  });
});

describe('API key material', () => {
  it('makes a public key id and a separate secret', () => {
    const made = newKeyMaterial();
    expect(made.prefix).toMatch(/^kh_live_[0-9a-f]{8}$/);
    expect(made.secret).toMatch(/^kh_secret_[A-Za-z0-9_-]{43}$/);
    expect(parseKeyId(made.prefix)).toBe(made.prefix);
  });

  it('refuses what is not one of our key ids', () => {
    const secret = newKeyMaterial().secret;
    for (const header of [
      undefined,
      '',
      'kh_live_1234567',
      'Bearer x',
      'kh_live_zzzzzzzz',
      `kh_live_0123abcd.${secret}`,
      secret,
    ]) {
      expect(parseKeyId(header)).toBeUndefined();
    }
  });
});
