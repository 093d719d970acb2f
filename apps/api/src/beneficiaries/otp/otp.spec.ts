import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/config.js';
import { Secret } from '../../config/secret.js';
import { OtpCodes } from './otp-codes.js';
import { loadSmsSettings } from './sms-settings.js';

const config = { pinPepper: new Secret('p'.repeat(32)) } as AppConfig;

describe('OTP codes', () => {
  const codes = new OtpCodes(config, { adapter: 'sandbox', fixedOtp: undefined });

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
    const other = new OtpCodes({ pinPepper: new Secret('q'.repeat(32)) } as AppConfig, {
      adapter: 'sandbox',
      fixedOtp: undefined,
    });
    expect(other.hash('ref-1', '012345').equals(codes.hash('ref-1', '012345'))).toBe(false);
  });

  it('uses the fixed sandbox OTP when one is configured', () => {
    const fixed = new OtpCodes(config, { adapter: 'sandbox', fixedOtp: '424242' });
    expect(fixed.newOtp()).toBe('424242');
  });
});

describe('SMS settings', () => {
  it('defaults to the sandbox with random OTPs', () => {
    expect(loadSmsSettings({}, 'development')).toEqual({ adapter: 'sandbox', fixedOtp: undefined });
  });

  it('takes a fixed 6-digit sandbox OTP outside production only', () => {
    expect(loadSmsSettings({ SMS_SANDBOX_OTP: '123456' }, 'test').fixedOtp).toBe('123456');
    expect(() => loadSmsSettings({ SMS_SANDBOX_OTP: '123456' }, 'production')).toThrow(
      'SMS_SANDBOX_OTP is for development and tests only; unset it in production.',
    );
    expect(() => loadSmsSettings({ SMS_SANDBOX_OTP: '1234' }, 'test')).toThrow(
      'SMS_SANDBOX_OTP must be 6 digits; it is "1234".',
    );
  });

  it('refuses an adapter that does not exist', () => {
    expect(() => loadSmsSettings({ SMS_ADAPTER: 'twilio' }, 'test')).toThrow(
      'SMS_ADAPTER must be sandbox; it is "twilio".',
    );
  });
});
