import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/config.js';
import { Secret } from '../../config/secret.js';
import { OtpCodes } from './otp-codes.js';

const configWith = (pepper: string, fixedOtp?: string) =>
  ({ pinPepper: new Secret(pepper), sms: { adapter: 'sandbox', fixedOtp } }) as AppConfig;

describe('OTP codes', () => {
  const codes = new OtpCodes(configWith('p'.repeat(32)));

  it('makes 6-digit codes, zero-padded', () => {
    for (let i = 0; i < 200; i++) expect(codes.newOtp()).toMatch(/^\d{6}$/);
  });

  it('matches only the same code under the same reference key', () => {
    const hash = codes.hash('ref-1', '012345');
    expect(codes.matches('ref-1', '012345', hash)).toBe(true);
    expect(codes.matches('ref-1', '012346', hash)).toBe(false);
    expect(codes.matches('ref-2', '012345', hash)).toBe(false);
  });

  it('keys the hash with the server pepper, so a leaked table cannot be brute-forced alone', () => {
    const other = new OtpCodes(configWith('q'.repeat(32)));
    expect(other.hash('ref-1', '012345').equals(codes.hash('ref-1', '012345'))).toBe(false);
  });

  it('uses the fixed sandbox OTP when one is configured', () => {
    const fixed = new OtpCodes(configWith('p'.repeat(32), '424242'));
    expect(fixed.newOtp()).toBe('424242');
  });
});
