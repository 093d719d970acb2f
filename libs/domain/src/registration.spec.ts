import { describe, expect, it } from '@jest/globals';
import { OnboardingMessages } from './contract/onboarding.js';
import {
  directCredentialsRefusal,
  namedUplineRefusal,
  RegisterUserMessages,
  registrationRefusal,
  uplineChoice,
} from './registration.js';

describe('directCredentialsRefusal', () => {
  it('lets only an admin give credentials directly', () => {
    expect(directCredentialsRefusal('admin', true)).toBeNull();
    expect(directCredentialsRefusal('distributor', false)).toBeNull();
    expect(directCredentialsRefusal('distributor', true)).toEqual({
      kind: 'invalid',
      message: OnboardingMessages.directCredentialsAdminOnly,
      auditReason: null,
    });
  });
});

describe('registrationRefusal', () => {
  it('lets a registrar create the roles below it', () => {
    expect(registrationRefusal('admin', 'distributor', true)).toBeNull();
    expect(registrationRefusal('distributor', 'user', false)).toBeNull();
    expect(registrationRefusal('admin', 'admin', false)).toBeNull();
  });

  it('refuses, and audits, a role not below the registrar', () => {
    expect(registrationRefusal('distributor', 'distributor', false)).toEqual({
      kind: 'forbidden',
      message: RegisterUserMessages.roleRefused,
      auditReason: 'role not below the registrar',
    });
    expect(registrationRefusal('user', 'user', false)?.kind).toBe('forbidden');
  });

  it('gives a new admin temporary credentials only', () => {
    expect(registrationRefusal('admin', 'admin', true)).toEqual({
      kind: 'invalid',
      message: OnboardingMessages.adminCredentialsTemporary,
      auditReason: null,
    });
  });
});

describe('uplineChoice', () => {
  const admin = { kind: 'admin' as const, mobile: '9000000001' };
  const distributor = { kind: 'distributor' as const, mobile: '9000000002' };

  it('is the registrar when none or the registrar itself is named', () => {
    expect(uplineChoice(admin, null)).toBe('registrar');
    expect(uplineChoice(distributor, distributor.mobile)).toBe('registrar');
  });

  it('lets an admin name another upline, and refuses (audited) anyone else', () => {
    expect(uplineChoice(admin, '9000000003')).toEqual({ named: '9000000003' });
    expect(uplineChoice(distributor, '9000000003')).toEqual({
      kind: 'forbidden',
      message: RegisterUserMessages.ownDownlineOnly,
      auditReason: 'upline named by a non-admin',
    });
  });
});

describe('namedUplineRefusal', () => {
  it('takes an upline whose role may hold the new one', () => {
    expect(namedUplineRefusal('distributor', 'user')).toBeNull();
  });

  it('refuses an upline of an unknown role or one that cannot hold the new role', () => {
    for (const upline of [undefined, 'user' as const, 'distributor' as const]) {
      expect(namedUplineRefusal(upline, 'distributor')).toEqual({
        kind: 'refused',
        message: RegisterUserMessages.uplineCannotHaveRole,
        auditReason: null,
      });
    }
  });
});
