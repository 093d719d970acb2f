import { describe, expect, it } from '@jest/globals';
import { ROLE_KINDS, type RoleKind } from '@khata/domain';
import { canHaveBelow } from './network.js';

const below = (upline: RoleKind) => ROLE_KINDS.filter((kind) => canHaveBelow(upline, kind));

describe('the network', () => {
  it('lets an admin place every role, other admins and partners included', () => {
    expect(below('admin')).toEqual([...ROLE_KINDS]);
  });

  it('lets a super distributor place the tiers below it, employees and users', () => {
    expect(below('sdistributor')).toEqual([
      'coDistributor',
      'distributor',
      'employee1',
      'employee2',
      'user',
    ]);
  });

  it.each(['coDistributor', 'distributor'] as const)(
    'lets a %s place only employees and users',
    (kind) => {
      expect(below(kind)).toEqual(['employee1', 'employee2', 'user']);
    },
  );

  it.each(['employee1', 'employee2', 'user', 'partner'] as const)(
    'gives a %s no downline',
    (kind) => {
      expect(below(kind)).toEqual([]);
    },
  );
});
