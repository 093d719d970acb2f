import { describe, it, expect } from '@jest/globals';
import {
  ROLE_KINDS,
  ROLE_LABELS,
  type RoleKind,
  adminBalance,
  balanceCall,
  canCallUnlimitedPayout,
  isDistributor,
  isRoleKind,
  roleKind,
  roleLabel,
  roleName,
  showsLienAndSecurity,
  welcomeText,
} from './roles.js';

describe('roleKind and roleName', () => {
  it.each([
    ['admin', 'admin'],
    ['sdistributor', 'sdistributor'],
    ['coDistributor', 'coDistributor'],
    ['distributor', 'distributor'],
    ['khataEmployee1', 'employee1'],
    ['khataEmployee2', 'employee2'],
    ['user', 'user'],
    ['partner', 'partner'],
  ])('reads the stored role %p as %p with the default product key', (role, kind) => {
    expect(roleKind(role)).toBe(kind);
  });

  it('reads employee roles under the configured product key only', () => {
    expect(roleKind('acmeEmployee2', 'acme')).toBe('employee2');
    expect(roleKind('khataEmployee2', 'acme')).toBeUndefined();
    expect(roleKind('acmeEmployee1', 'khata')).toBeUndefined();
  });

  it.each(['', 'Admin', 'superadmin', 'employee1', 'Employee2', 'constructor', 'toString'])(
    'knows nothing of %p',
    (role) => {
      expect(roleKind(role)).toBeUndefined();
    },
  );

  it.each(ROLE_KINDS)('round-trips %s through its role string', (kind) => {
    expect(roleKind(roleName(kind))).toBe(kind);
    expect(roleKind(roleName(kind, 'acme'), 'acme')).toBe(kind);
  });

  it('names employee roles with the product key', () => {
    expect(roleName('employee1')).toBe('khataEmployee1');
    expect(roleName('employee2', 'acme')).toBe('acmeEmployee2');
    expect(roleName('sdistributor', 'acme')).toBe('sdistributor');
  });

  it('recognises role kinds', () => {
    expect(isRoleKind('employee2')).toBe(true);
    expect(isRoleKind('khataEmployee2')).toBe(false);
    expect(isRoleKind(undefined)).toBe(false);
  });
});

type Row = {
  kind: RoleKind;
  welcome: string;
  balance: 'admin' | 'user';
  lien: boolean;
  unlimited: boolean;
  distributor: boolean;
};

const table: Row[] = [
  {
    kind: 'admin',
    welcome: 'Admin',
    balance: 'admin',
    lien: false,
    unlimited: true,
    distributor: false,
  },
  {
    kind: 'sdistributor',
    welcome: 'Super Distributor',
    balance: 'admin',
    lien: false,
    unlimited: false,
    distributor: true,
  },
  {
    kind: 'coDistributor',
    welcome: 'Asha',
    balance: 'admin',
    lien: false,
    unlimited: false,
    distributor: true,
  },
  {
    kind: 'distributor',
    welcome: 'Distributor',
    balance: 'user',
    lien: false,
    unlimited: false,
    distributor: true,
  },
  {
    kind: 'employee1',
    welcome: 'Asha',
    balance: 'user',
    lien: false,
    unlimited: false,
    distributor: false,
  },
  {
    kind: 'employee2',
    welcome: 'Asha',
    balance: 'user',
    lien: true,
    unlimited: false,
    distributor: false,
  },
  {
    kind: 'user',
    welcome: 'Asha',
    balance: 'user',
    lien: false,
    unlimited: false,
    distributor: false,
  },
  {
    kind: 'partner',
    welcome: 'Asha',
    balance: 'user',
    lien: false,
    unlimited: false,
    distributor: false,
  },
];

describe.each(table)('the $kind role', (row) => {
  it(`is welcomed as "${row.welcome}"`, () => {
    expect(welcomeText(row.kind, '  Asha  Verma ')).toBe(row.welcome);
  });

  it(`uses the ${row.balance} balance call`, () => {
    expect(balanceCall(row.kind)).toBe(row.balance);
  });

  it(`${row.lien ? 'sees' : 'does not see'} the lien and security amounts`, () => {
    expect(showsLienAndSecurity(row.kind)).toBe(row.lien);
  });

  it(`${row.unlimited ? 'may' : 'may not'} call the unlimited payout`, () => {
    expect(canCallUnlimitedPayout(row.kind)).toBe(row.unlimited);
  });

  it(`${row.distributor ? 'is' : 'is not'} one of the distributors`, () => {
    expect(isDistributor(row.kind)).toBe(row.distributor);
  });
});

describe('welcomeText', () => {
  it('falls back to "User" without a usable name or a known role', () => {
    expect(welcomeText('user')).toBe('User');
    expect(welcomeText('user', null)).toBe('User');
    expect(welcomeText('employee1', '   ')).toBe('User');
    expect(welcomeText(undefined, 'Ravi Kumar')).toBe('Ravi');
  });
});

describe('ROLE_LABELS', () => {
  it('gives every role kind one name, and no two kinds the same name', () => {
    const labels = ROLE_KINDS.map((kind) => ROLE_LABELS[kind].label);
    expect(new Set(labels).size).toBe(ROLE_KINDS.length);
  });

  it('calls employee 2 the retailer and never calls a plain user one', () => {
    expect(roleLabel('employee2')).toBe('Retailer');
    expect(roleLabel('employee1')).toBe('Counter staff');
    expect(roleLabel('user')).not.toMatch(/retailer/i);
    expect(ROLE_LABELS.user.summary).toMatch(/No services/);
  });

  it('shows a role string of no known kind as it came', () => {
    expect(roleLabel(null, 'acmeEmployee9')).toBe('acmeEmployee9');
    expect(roleLabel('sdistributor', 'sdistributor')).toBe('Super Distributor');
  });
});

describe('canCallUnlimitedPayout', () => {
  it('answers no for a role string of no known kind', () => {
    expect(canCallUnlimitedPayout(undefined)).toBe(false);
  });
});

describe('adminBalance', () => {
  it('shows the wallet as the main balance and the wallet plus commission as the balance', () => {
    expect(adminBalance({ wallet: 100_050, commission: 2_525 })).toEqual({
      mainBalance: 1000.5,
      profitArea: { commission: 25.25 },
      balance: 1025.75,
    });
  });
});
