import { describe, expect, it } from '@jest/globals';
import {
  checkAadhaarLast4,
  checkKycReason,
  checkPan,
  KycMessages,
  kycAllowsPayouts,
  kycPromise,
  maskPan,
  type KycState,
} from './kyc.js';
import type { RoleKind } from './roles.js';
import { effectiveServices, servicesAwaitingKyc } from './services.js';

describe('PAN', () => {
  it('is masked to its last 4 characters for the audit log', () => {
    expect(maskPan('ABCDE1234F')).toBe('******234F');
  });

  it.each(['ABCDE1234F', 'abcde1234f', '  AbCdE1234f '])('takes %j, upper-cased', (pan) => {
    expect(checkPan(pan)).toEqual({ ok: true, value: 'ABCDE1234F' });
  });

  it.each([
    ['empty', '', KycMessages.panRequired],
    ['not text', 1234, KycMessages.panRequired],
    ['too short', 'ABCD1234F', KycMessages.panInvalid],
    ['digits where letters go', 'ABC121234F', KycMessages.panInvalid],
    ['a digit at the end', 'ABCDE12345', KycMessages.panInvalid],
    ['too long', 'ABCDE1234FG', KycMessages.panInvalid],
    ['inner space', 'ABCDE 1234F', KycMessages.panInvalid],
  ])('refuses %s', (_name, pan, message) => {
    expect(checkPan(pan)).toEqual({ ok: false, message });
  });
});

describe('Aadhaar last 4', () => {
  it.each(['1234', ' 0042 ', 9876])('takes %j', (value) => {
    expect(checkAadhaarLast4(value)).toEqual({ ok: true, value: String(value).trim() });
  });

  it.each(['123412341234', '1234 1234 1234', '1234-1234-1234', 123412341234])(
    'refuses the full number %j with its own message',
    (value) => {
      expect(checkAadhaarLast4(value)).toEqual({ ok: false, message: KycMessages.aadhaarFull });
    },
  );

  it.each([
    ['', KycMessages.aadhaarRequired],
    [null, KycMessages.aadhaarRequired],
    ['123', KycMessages.aadhaarInvalid],
    ['12345', KycMessages.aadhaarInvalid],
    ['12a4', KycMessages.aadhaarInvalid],
    ['1234567890123', KycMessages.aadhaarInvalid],
  ])('refuses %j', (value, message) => {
    expect(checkAadhaarLast4(value)).toEqual({ ok: false, message });
  });
});

describe('a rejection reason', () => {
  it('is required to reject and optional to approve', () => {
    expect(checkKycReason('reject', '  ')).toEqual({
      ok: false,
      message: KycMessages.reasonRequired,
    });
    expect(checkKycReason('reject', ' Blurry photo ')).toEqual({ ok: true, value: 'Blurry photo' });
    expect(checkKycReason('approve', undefined)).toEqual({ ok: true, value: null });
    expect(checkKycReason('reject', 'x'.repeat(301))).toEqual({
      ok: false,
      message: KycMessages.reasonTooLong,
    });
  });
});

describe('the KYC gate, inside effectiveServices', () => {
  const all = [
    { service: 'wallet', enabled: true },
    { service: 'payout', enabled: true },
    { service: 'aepsAccount', enabled: true },
    { service: 'aepsSettlement', enabled: true },
  ];
  const holder = (kind: RoleKind, kycState: KycState, overrides = all) => ({
    kind,
    overrides,
    kycState,
  });

  it('keeps every service once KYC is approved, and nothing awaits it', () => {
    expect(effectiveServices(holder('user', 'approved'))).toEqual([
      'wallet',
      'payout',
      'aepsAccount',
      'aepsSettlement',
    ]);
    expect(servicesAwaitingKyc(holder('user', 'approved'))).toEqual([]);
  });

  it.each(['none', 'submitted', 'rejected'] as const)(
    'drops payout, aepsAccount and aepsSettlement while KYC is %s, and keeps the rest',
    (state) => {
      expect(effectiveServices(holder('user', state))).toEqual(['wallet']);
      expect(servicesAwaitingKyc(holder('user', state))).toEqual([
        'payout',
        'aepsAccount',
        'aepsSettlement',
      ]);
      const staff = [{ service: 'staff', enabled: true }];
      expect(effectiveServices(holder('employee1', state, staff))).toEqual(['wallet', 'staff']);
    },
  );

  it('awaits only what the user holds: a revoked payout is not waiting for KYC', () => {
    const revoked = [{ service: 'payout', enabled: false }];
    expect(servicesAwaitingKyc(holder('employee1', 'none', revoked))).toEqual([]);
  });

  it("leaves an admin's services alone, whatever the state", () => {
    expect(effectiveServices(holder('admin', 'none'))).toEqual([
      'wallet',
      'payout',
      'aepsAccount',
      'aepsSettlement',
    ]);
    expect(effectiveServices(holder('employee2', 'none'))).toEqual(['wallet']);
  });

  it('lets admins pay out without KYC, and nobody else', () => {
    expect(kycAllowsPayouts('admin', 'none')).toBe(true);
    expect(kycAllowsPayouts('employee2', 'submitted')).toBe(false);
    expect(kycAllowsPayouts('distributor', 'rejected')).toBe(false);
    expect(kycAllowsPayouts('employee1', 'approved')).toBe(true);
  });
});

describe('kycPromise', () => {
  it('promises nothing to a user whose services need no KYC', () => {
    expect(kycPromise('none', [])).toBeUndefined();
    expect(kycPromise('submitted', [])).toBeUndefined();
  });

  it('names the services that wait for KYC, and only them', () => {
    expect(kycPromise('none', ['payout'])).toBe(
      'Please complete your KYC. Bank payout is switched on once it is approved.',
    );
    expect(kycPromise('submitted', ['payout', 'aepsAccount', 'aepsSettlement'])).toBe(
      'Your KYC is being verified. Bank payout, AEPS account and AEPS settlement are switched on once it is approved.',
    );
    expect(kycPromise('rejected', ['payout'])).toMatch(/^Your KYC was rejected/);
    expect(kycPromise('approved', ['payout'])).toBeUndefined();
  });
});
