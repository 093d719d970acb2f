import { describe, expect, it } from '@jest/globals';
import {
  LinkLoginMessages,
  linkLoginRefusal,
  linkMayOpen,
  linkReach,
  LoginMessages,
  loginRefusal,
  passwordSessionKind,
  type SignInAccount,
} from './sign-in.js';

const active: SignInAccount = {
  kind: 'user',
  status: 'active',
  statusReason: null,
  temporaryPasswordExpired: false,
};

describe('loginRefusal', () => {
  it('opens an active account at its own door', () => {
    expect(loginRefusal(active, 'admin')).toBeNull();
    expect(loginRefusal({ ...active, kind: 'partner' }, 'partner')).toBeNull();
  });

  it('sends a partner to the partner door and everyone else away from it, unaudited', () => {
    expect(loginRefusal({ ...active, kind: 'partner' }, 'admin')).toEqual({
      kind: 'forbidden',
      message: LoginMessages.partnerDoor,
      auditReason: null,
    });
    expect(loginRefusal(active, 'partner')).toEqual({
      kind: 'forbidden',
      message: LoginMessages.adminDoor,
      auditReason: null,
    });
  });

  it('refuses an expired temporary password before a blocked account', () => {
    const refusal = loginRefusal(
      { ...active, status: 'blocked', temporaryPasswordExpired: true },
      'admin',
    );
    expect(refusal).toEqual({
      kind: 'unauthenticated',
      message: LoginMessages.temporaryExpired,
      auditReason: 'temporary password expired',
    });
  });

  it('says why a deactivated account is refused, and "blocked" when no reason was given', () => {
    expect(loginRefusal({ ...active, status: 'blocked' }, 'admin')).toEqual({
      kind: 'forbidden',
      message: LoginMessages.blocked,
      auditReason: 'blocked',
    });
    const deactivated = loginRefusal(
      { ...active, status: 'blocked', statusReason: 'left the shop' },
      'admin',
    );
    expect(deactivated?.message).toContain('left the shop');
    expect(deactivated?.auditReason).toBe('blocked');
  });

  it('opens a partner session at the partner door only', () => {
    expect(passwordSessionKind('partner')).toBe('partner');
    expect(passwordSessionKind('admin')).toBe('password');
  });
});

describe('linkLoginRefusal', () => {
  const holder = { kind: 'user' as const, status: 'active', serviceOverrides: [] };

  it('opens an active retailer', () => {
    expect(linkLoginRefusal(holder)).toBeNull();
  });

  it('refuses a blocked holder first, whatever its role', () => {
    expect(linkLoginRefusal({ ...holder, kind: undefined, status: 'blocked' })).toEqual({
      kind: 'forbidden',
      message: LoginMessages.blocked,
      auditReason: 'blocked',
    });
  });

  it('refuses partners and admins with their own message', () => {
    for (const kind of ['partner', 'admin'] as const) {
      expect(linkLoginRefusal({ ...holder, kind })?.message).toBe(LinkLoginMessages.notOpenable);
    }
  });

  it('answers "invalid" for no holder, an unknown role or an inactive account', () => {
    for (const refused of [
      linkLoginRefusal(null),
      linkLoginRefusal({ ...holder, kind: undefined }),
      linkLoginRefusal({ ...holder, status: 'inactive' }),
    ]) {
      expect(refused).toEqual({
        kind: 'unauthenticated',
        message: LinkLoginMessages.invalid,
        auditReason: 'not a known role',
      });
    }
  });

  it('opens no staff employee', () => {
    expect(linkMayOpen('employee1', [{ service: 'staff', enabled: true }])).toBe(false);
    expect(linkMayOpen('employee1', [])).toBe(true);
    expect(linkMayOpen('distributor', [])).toBe(true);
  });
});

describe('linkReach', () => {
  const admin = { userId: 'a', kind: 'admin' as const };
  const distributor = { userId: 'd', kind: 'distributor' as const };

  it('never reaches oneself nor an admin', () => {
    expect(linkReach(admin, { id: 'a', kind: 'admin' })).toBe('no');
    expect(linkReach(admin, { id: 'b', kind: 'admin' })).toBe('no');
    expect(linkReach(distributor, { id: 'd', kind: 'distributor' })).toBe('no');
  });

  it('lets an admin reach anyone else and a distributor only below it', () => {
    expect(linkReach(admin, { id: 'r', kind: 'user' })).toBe('yes');
    expect(linkReach(distributor, { id: 'r', kind: 'user' })).toBe('if-below');
  });
});
