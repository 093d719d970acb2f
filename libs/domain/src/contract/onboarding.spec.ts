import { describe, expect, it } from '@jest/globals';
import {
  checkActionReason,
  checkCredentialToReset,
  checkOptionalPin,
  checkOtp,
  onboardableKinds,
  temporaryCredentials,
} from './onboarding.js';

describe('onboarding rules', () => {
  it('offers each actor exactly the roles it may place below itself', () => {
    expect(onboardableKinds('distributor')).toEqual(['employee1', 'employee2', 'user']);
    expect(onboardableKinds('sdistributor')).toEqual([
      'coDistributor',
      'distributor',
      'employee1',
      'employee2',
      'user',
    ]);
    expect(onboardableKinds('user')).toEqual([]);
    expect(onboardableKinds('admin')).toContain('admin');
  });

  it('names what is temporary, password first', () => {
    expect(temporaryCredentials({ passwordTemporary: true, pinTemporary: true })).toEqual([
      'password',
      'pin',
    ]);
    expect(temporaryCredentials({ passwordTemporary: false, pinTemporary: true })).toEqual(['pin']);
    expect(temporaryCredentials({ passwordTemporary: false, pinTemporary: false })).toEqual([]);
  });

  it('checks the reset form and the OTP in the words the API answers', () => {
    expect(checkCredentialToReset('pin')).toEqual({ ok: true, value: 'pin' });
    expect(checkCredentialToReset('both').ok).toBe(false);
    expect(checkActionReason('  forgot it  ')).toEqual({
      ok: false,
      message: 'Please give the reason, in at least 10 characters.',
    });
    expect(checkActionReason(' The user forgot it. ')).toEqual({
      ok: true,
      value: 'The user forgot it.',
    });
    expect(checkOtp('12345')).toEqual({ ok: false, message: 'The OTP is 6 digits.' });
    expect(checkOtp(123456)).toEqual({
      ok: false,
      message: 'Please enter the OTP sent to your mobile.',
    });
    expect(checkOtp('012345')).toEqual({ ok: true, value: '012345' });
    expect(checkOptionalPin(undefined)).toEqual({ ok: true, value: null });
    expect(checkOptionalPin('12a4').ok).toBe(false);
  });
});
