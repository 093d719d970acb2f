import { describe, expect, it } from '@jest/globals';
import { newKeyMaterial, parseApiKey, secretMatches } from './api-key-material.js';
import { checkSignature, signPayload } from './request-signature.js';

describe('the partner signature', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const timestamp = String(now.getTime() / 1000);
  const body = Buffer.from('{"amount":100}');

  it('is the worked example of docs/api.md ("Partner API")', () => {
    const example =
      '{"amount":"100.00","beneficiaryName":"Ravi Kumar","beneficiaryAccountNumber":"501234567890","beneficiaryIfscCode":"SBIN0001234","paymentMode":"IMPS"}';
    expect(signPayload('q9X3vR7tLk2mN8pW4sY6zB1cD5fG0hJ3kL7mN9pQ2rS', '1764064800', example)).toBe(
      'sha256=cad301577729580e48ccfd18359971cfa4b1cacc5056092e9d3096537ed5edb2',
    );
  });

  it('accepts the right signature within 300 seconds either way', () => {
    for (const skew of [-300, 0, 300]) {
      const at = String(Number(timestamp) + skew);
      expect(
        checkSignature({
          secret: 'k',
          signature: signPayload('k', at, body),
          timestamp: at,
          rawBody: body,
          now,
        }),
      ).toEqual({ ok: true });
    }
  });

  it('says why it refuses: missing, malformed, stale, mismatch', () => {
    const good = signPayload('k', timestamp, body);
    const check = (signature: unknown, at: unknown, raw = body) =>
      checkSignature({ secret: 'k', signature, timestamp: at, rawBody: raw, now });
    expect(check(undefined, timestamp)).toEqual({ ok: false, reason: 'missing' });
    expect(check(good.slice(7), timestamp)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(good, 'yesterday')).toEqual({ ok: false, reason: 'malformed' });
    const late = String(Number(timestamp) - 301);
    expect(check(signPayload('k', late, body), late)).toEqual({ ok: false, reason: 'stale' });
    expect(check(good, timestamp, Buffer.from('{"amount":900}'))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(check(signPayload('other', timestamp, body), timestamp)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });
});

describe('API key material', () => {
  it('makes a key whose secret only its hash recognises', () => {
    const made = newKeyMaterial();
    const parsed = parseApiKey(made.apiKey);
    expect(parsed).toEqual({ prefix: made.prefix, secret: made.secret });
    expect(secretMatches(made.secret, made.secretHash)).toBe(true);
    expect(secretMatches(newKeyMaterial().secret, made.secretHash)).toBe(false);
  });

  it('refuses what is not one of our keys', () => {
    for (const header of [
      undefined,
      '',
      'kh_live_12345678',
      'Bearer x',
      `kh_live_zz.${'a'.repeat(43)}`,
    ]) {
      expect(parseApiKey(header)).toBeUndefined();
    }
  });
});
