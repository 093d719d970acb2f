import { describe, expect, it } from '@jest/globals';
import {
  actsOnEveryone,
  canSee,
  networkScope,
  seesOthers,
  STAFF_SERVICE,
} from './network-scope.js';

const target = (id: string, ...uplineIds: string[]) => ({ id, uplineIds });

describe('networkScope', () => {
  it('lets an admin see everyone', () => {
    expect(networkScope({ userId: 'a', kind: 'admin', services: [] })).toEqual({
      kind: 'everyone',
    });
  });

  it('lets an employee see everyone only with the staff service an admin grants', () => {
    for (const kind of ['employee1', 'employee2'] as const) {
      expect(networkScope({ userId: 'e', kind, services: [STAFF_SERVICE] }).kind).toBe('everyone');
      expect(networkScope({ userId: 'e', kind, services: ['wallet'] })).toEqual({
        kind: 'self',
        userId: 'e',
      });
    }
  });

  it('does not let the staff service widen a distributor, a user or a partner', () => {
    expect(networkScope({ userId: 'd', kind: 'distributor', services: [STAFF_SERVICE] })).toEqual({
      kind: 'downline',
      rootId: 'd',
    });
    for (const kind of ['user', 'partner'] as const) {
      expect(networkScope({ userId: 'u', kind, services: [STAFF_SERVICE] }).kind).toBe('self');
    }
  });
});

describe('canSee', () => {
  const sd = { userId: 'sd', kind: 'sdistributor', services: [] } as const;
  const d = { userId: 'd', kind: 'distributor', services: [] } as const;

  it('lets a super distributor see its distributors and their retailers', () => {
    expect(canSee(sd, target('sd'))).toBe(true);
    expect(canSee(sd, target('d', 'sd'))).toBe(true);
    expect(canSee(sd, target('r', 'd', 'sd'))).toBe(true);
    expect(canSee(sd, target('r2', 'd2', 'admin'))).toBe(false);
  });

  it('lets a distributor see its retailers but not its upline or siblings', () => {
    expect(canSee(d, target('r', 'd', 'sd'))).toBe(true);
    expect(canSee(d, target('sd', 'admin'))).toBe(false);
    expect(canSee(d, target('d2', 'sd'))).toBe(false);
  });

  it('lets a retailer see itself only', () => {
    const retailer = { userId: 'r', kind: 'employee2', services: [] } as const;
    expect(canSee(retailer, target('r', 'd'))).toBe(true);
    expect(canSee(retailer, target('d', 'sd'))).toBe(false);
    expect(seesOthers(retailer)).toBe(false);
    expect(seesOthers(d)).toBe(true);
  });

  it('names who acts on every account: admins and staff employees (issue 31)', () => {
    expect(actsOnEveryone('admin', [])).toBe(true);
    expect(actsOnEveryone('employee1', [STAFF_SERVICE])).toBe(true);
    expect(actsOnEveryone('employee1', [])).toBe(false);
    expect(actsOnEveryone('sdistributor', [STAFF_SERVICE])).toBe(false);
    expect(actsOnEveryone('partner', [])).toBe(false);
  });
});
