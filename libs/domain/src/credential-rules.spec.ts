import { describe, expect, it } from '@jest/globals';
import { OnboardingMessages } from './contract/onboarding.js';
import { credentialsToSetRefusal } from './credential-rules.js';

const both = { passwordTemporary: true, pinTemporary: true };
const pinOnly = { passwordTemporary: false, pinTemporary: true };

describe('credentialsToSetRefusal', () => {
  it('takes exactly the values that are temporary', () => {
    expect(credentialsToSetRefusal(both, { password: true, pin: true })).toBeNull();
    expect(credentialsToSetRefusal(pinOnly, { password: false, pin: true })).toBeNull();
  });

  it('refuses when nothing is temporary', () => {
    expect(
      credentialsToSetRefusal(
        { passwordTemporary: false, pinTemporary: false },
        { password: true, pin: false },
      ),
    ).toEqual({ kind: 'refused', message: OnboardingMessages.nothingTemporary, auditReason: null });
  });

  it('asks for each temporary value, password first', () => {
    expect(credentialsToSetRefusal(both, { password: false, pin: false })?.message).toBe(
      OnboardingMessages.passwordNeeded,
    );
    expect(credentialsToSetRefusal(both, { password: true, pin: false })?.message).toBe(
      OnboardingMessages.pinNeeded,
    );
  });

  it('refuses a value that is not temporary (the Control Panel changes it)', () => {
    expect(credentialsToSetRefusal(pinOnly, { password: true, pin: true })).toEqual({
      kind: 'invalid',
      message: OnboardingMessages.notTemporary('password'),
      auditReason: null,
    });
    expect(
      credentialsToSetRefusal(
        { passwordTemporary: true, pinTemporary: false },
        { password: true, pin: true },
      )?.message,
    ).toBe(OnboardingMessages.notTemporary('pin'));
  });
});
