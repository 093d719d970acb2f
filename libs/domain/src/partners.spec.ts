import { describe, expect, it } from '@jest/globals';
import { checkScopes, checkWebhookUrl, PartnerMessages } from './partners.js';
import { checkPayoutDetails, checkPayoutForm } from './payout-form.js';

describe('checkWebhookUrl', () => {
  const production = { allowLocalHttp: false };
  const test = { allowLocalHttp: true };

  it('takes an https URL anywhere', () => {
    expect(checkWebhookUrl(' https://acme.example/khata ', production)).toEqual({
      ok: true,
      value: 'https://acme.example/khata',
    });
  });

  it('takes plain http only to this machine, and only where allowed', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9000/hook', test).ok).toBe(true);
    expect(checkWebhookUrl('http://localhost/hook', test).ok).toBe(true);
    expect(checkWebhookUrl('http://127.0.0.1:9000/hook', production).ok).toBe(false);
    expect(checkWebhookUrl('http://acme.example/hook', test).ok).toBe(false);
  });

  it('refuses other schemes, credentials in the URL, junk and overlong URLs', () => {
    for (const url of [
      'ftp://acme.example/x',
      'https://user:pass@acme.example/x',
      'not a url',
      '',
      `https://acme.example/${'a'.repeat(500)}`,
      42,
    ]) {
      expect(checkWebhookUrl(url, test)).toEqual({
        ok: false,
        message: PartnerMessages.webhookUrlInvalid,
      });
    }
  });
});

describe('checkScopes', () => {
  it('keeps known scopes once, in the catalogue order', () => {
    expect(checkScopes(['balance:read', 'payouts:write', 'balance:read'])).toEqual({
      ok: true,
      value: ['payouts:write', 'balance:read'],
    });
  });

  it('refuses none, unknown ones and non-arrays', () => {
    for (const scopes of [[], ['payouts:delete'], 'payouts:write', undefined]) {
      expect(checkScopes(scopes).ok).toBe(false);
    }
  });
});

describe('checkPayoutDetails', () => {
  const form = {
    paymentMode: 'IMPS',
    amount: '100',
    name: 'Ravi',
    accountNumber: '123456789012',
    ifscCode: 'SBIN0001234',
  };

  it('judges the form as checkPayoutForm does, without asking for a PIN', () => {
    const details = checkPayoutDetails(form);
    expect(details).toEqual({
      ok: true,
      value: { ...form, amount: 10_000 },
    });
    expect(checkPayoutForm(form).ok).toBe(false);
    expect(checkPayoutForm({ ...form, pin: '1234' })).toEqual({
      ok: true,
      value: { ...form, amount: 10_000, pin: '1234' },
    });
  });
});
