import { describe, it, expect } from '@jest/globals';
import {
  MENU,
  type MenuItemKey,
  canUseMenuItem,
  mayPayOut,
  menuFor,
  menuItem,
  notYoursMessage,
} from './menu.js';
import { ROLE_KINDS, type RoleKind } from './roles.js';
import { ADMIN_PATHS } from './routes.js';

const ALL_SERVICES = ['wallet', 'aepsAccount', 'aepsSettlement'];
const keysFor = (kind: RoleKind, services: readonly string[]) =>
  menuFor(kind, services).map((item) => item.key);

const everyone: MenuItemKey[] = ['dashboard', 'paymentTracker'];

const withAllServices: Record<RoleKind, MenuItemKey[]> = {
  admin: [
    ...everyone,
    'paymentApproval',
    'allUsers',
    'network',
    'merchantList',
    'kycApprovals',
    'aepsApprovals',
    'approvals',
    'postNotice',
    'directOnboard',
    'createPartner',
    'helpAndSupport',
    'database',
    'logs',
    'profile',
    'transactionReport',
    'ledgerReport',
    'mapGenerator',
    'serviceManagement',
    'updateServices',
    'overdraft',
    // Issue 13, commissions.
    'taxRate',
    'myProfit',
    // Issue 14, the call-back box's requests.
    'contactRequests',
    'monthlyStats',
    // Issue 14, payment operations.
    'paymentOperations',
    // Issue 25: admins look up remitters and read every DMT transfer.
    'remitterKyc',
    'dmtPayments',
    'ppiMoneyTransfer',
    // Issue 26: every AEPS transaction read (admins) or the network's (distributor tiers).
    'aepsReport',
    // Issue 27: every bill payment read (admins) or the network's (distributor tiers).
    'eBillReport',
    // Issue 28: every rent agreement read (admins) or the network's (distributor tiers).
    'rentalAgreements',
  ],
  sdistributor: [
    ...everyone,
    // Issue 14: every non-admin raises and follows complaints.
    'customerSupport',
    'myComplaints',
    'paymentRequest',
    'paymentApproval',
    'allUsers',
    'network',
    'merchantList',
    // Issue 23: the way into onboarding.
    'addUser',
    // Issue 14: its downline's transactions.
    'transactionReport',
    'ledgerReport',
    'mapGenerator',
    'myProfit',
    // Issue 25: its network's DMT and PPI transfers.
    'dmtPayments',
    'ppiMoneyTransfer',
    // Issue 26: every AEPS transaction read (admins) or the network's (distributor tiers).
    'aepsReport',
    // Issue 27: every bill payment read (admins) or the network's (distributor tiers).
    'eBillReport',
    // Issue 28: every rent agreement read (admins) or the network's (distributor tiers).
    'rentalAgreements',
  ],
  coDistributor: [
    ...everyone,
    // Issue 14: every non-admin raises and follows complaints.
    'customerSupport',
    'myComplaints',
    'paymentRequest',
    'paymentApproval',
    'allUsers',
    'network',
    'merchantList',
    'addUser',
    'transactionReport',
    'myProfit',
    'dmtPayments',
    'ppiMoneyTransfer',
    // Issue 26: every AEPS transaction read (admins) or the network's (distributor tiers).
    'aepsReport',
    // Issue 27: every bill payment read (admins) or the network's (distributor tiers).
    'eBillReport',
    // Issue 28: every rent agreement read (admins) or the network's (distributor tiers).
    'rentalAgreements',
  ],
  distributor: [
    ...everyone,
    // Issue 14: every non-admin raises and follows complaints.
    'customerSupport',
    'myComplaints',
    'paymentRequest',
    'paymentApproval',
    'allUsers',
    'network',
    'merchantList',
    'addUser',
    'transactionReport',
    'myProfit',
    'dmtPayments',
    'ppiMoneyTransfer',
    // Issue 26: every AEPS transaction read (admins) or the network's (distributor tiers).
    'aepsReport',
    // Issue 27: every bill payment read (admins) or the network's (distributor tiers).
    'eBillReport',
    // Issue 28: every rent agreement read (admins) or the network's (distributor tiers).
    'rentalAgreements',
  ],
  // Counter staff who can send money find their receipts (issue 10, beyond spec §6's table).
  employee1: [
    ...everyone,
    'walletTransfer',
    'controlPanel',
    'customerSupport',
    'myComplaints',
    'transactionReport',
  ],
  employee2: [
    ...everyone,
    'walletTransfer',
    'controlPanel',
    'customerSupport',
    'myComplaints',
    'aepsSettlement',
    'paymentRequest',
    'profile',
    'transactionReport',
    'ledgerReport',
    'mapGenerator',
  ],
  user: [...everyone, 'customerSupport', 'myComplaints'],
  partner: [],
};

const withoutServices: Record<RoleKind, MenuItemKey[]> = {
  ...withAllServices,
  employee1: [...everyone, 'controlPanel', 'customerSupport', 'myComplaints'],
  employee2: [
    ...everyone,
    'controlPanel',
    'customerSupport',
    'myComplaints',
    'profile',
    'transactionReport',
    'ledgerReport',
    'mapGenerator',
  ],
};

describe('menuFor', () => {
  it.each(ROLE_KINDS)('gives %s its sidebar of spec §6 when it holds every service', (kind) => {
    expect(keysFor(kind, ALL_SERVICES)).toEqual(withAllServices[kind]);
  });

  it.each(ROLE_KINDS)('gives %s its sidebar without services', (kind) => {
    expect(keysFor(kind, [])).toEqual(withoutServices[kind]);
  });

  it('shows All Users to an employee only with the staff service an admin grants', () => {
    expect(keysFor('employee1', ['staff'])).toContain('allUsers');
    expect(keysFor('employee1', ['staff'])).toEqual(
      expect.arrayContaining(['network', 'merchantList']),
    );
    expect(keysFor('employee1', [])).not.toContain('network');
    expect(keysFor('employee2', ['wallet', 'staff'])).toContain('allUsers');
    expect(keysFor('employee2', ['wallet'])).not.toContain('allUsers');
    expect(keysFor('user', ['staff'])).not.toContain('allUsers');
  });

  it('shows Wallet Transfer only with the wallet service', () => {
    expect(keysFor('employee1', ['wallet'])).toContain('walletTransfer');
    expect(keysFor('employee1', ['aepsAccount'])).not.toContain('walletTransfer');
  });

  it('gives the Transaction Report to whoever can pay, so they find their own receipts', () => {
    expect(keysFor('employee1', ['payout'])).toContain('transactionReport');
    expect(keysFor('employee1', ['wallet'])).toContain('transactionReport');
    expect(keysFor('distributor', ['payout'])).toContain('transactionReport');
    expect(keysFor('user', ['payout'])).toContain('transactionReport');
    expect(keysFor('employee1', [])).not.toContain('transactionReport');
    expect(keysFor('user', ['wallet'])).not.toContain('transactionReport');
    // Issue 14: a distributor tier reads its downline's, with or without services.
    expect(keysFor('distributor', [])).toContain('transactionReport');
  });

  it('shows employee 2 AEPS Settlement only with the aepsSettlement service', () => {
    expect(keysFor('employee2', ['aepsSettlement'])).toContain('aepsSettlement');
    expect(keysFor('employee2', ['wallet', 'payout', 'aepsAccount'])).not.toContain(
      'aepsSettlement',
    );
    expect(keysFor('employee1', ['aepsSettlement'])).not.toContain('aepsSettlement');
  });

  it('gives PPI Money Transfer to whoever holds the ppi service, and to admins and uplines', () => {
    expect(keysFor('employee2', ['ppi'])).toContain('ppiMoneyTransfer');
    expect(keysFor('employee2', ['dmt'])).not.toContain('ppiMoneyTransfer');
    expect(keysFor('user', [])).not.toContain('ppiMoneyTransfer');
    expect(menuItem('ppiMoneyTransfer').path).toBe('/admin/ppi-money-transfer');
  });

  it('gives the AEPS counter to whoever holds the aeps service, and its report to readers too', () => {
    expect(keysFor('employee2', ['aeps'])).toEqual(expect.arrayContaining(['aeps', 'aepsReport']));
    expect(keysFor('employee2', ['aepsSettlement'])).not.toContain('aeps');
    expect(keysFor('distributor', [])).toContain('aepsReport');
    expect(keysFor('distributor', [])).not.toContain('aeps');
    expect(keysFor('admin', [])).not.toContain('aeps');
    expect(menuItem('aeps').path).toBe('/admin/aeps');
  });

  it('gives Remitters and Money Transfer to whoever holds the dmt service; the report to uplines', () => {
    expect(keysFor('employee2', ['dmt'])).toEqual(
      expect.arrayContaining(['remitterKyc', 'dmtPayments']),
    );
    expect(keysFor('employee1', ['dmt'])).toEqual(
      expect.arrayContaining(['remitterKyc', 'dmtPayments']),
    );
    expect(keysFor('employee2', ['wallet', 'payout'])).not.toContain('dmtPayments');
    expect(keysFor('employee2', ['wallet', 'payout'])).not.toContain('remitterKyc');
    expect(keysFor('user', [])).not.toContain('dmtPayments');
    // Distributors read their network's transfers and register no one.
    expect(keysFor('distributor', [])).toContain('dmtPayments');
    expect(keysFor('distributor', [])).not.toContain('remitterKyc');
    expect(keysFor('partner', ['dmt'])).toEqual([]);
  });

  it('shows employee 2 Payment Request only with the aepsAccount service', () => {
    expect(keysFor('employee2', ['aepsAccount'])).toContain('paymentRequest');
    expect(keysFor('employee2', ['wallet'])).not.toContain('paymentRequest');
  });
});

describe('canUseMenuItem', () => {
  it('answers "may kind X use item Y" from the same table', () => {
    expect(canUseMenuItem('admin', 'database', [])).toBe(true);
    expect(canUseMenuItem('admin', 'logs', [])).toBe(true);
    expect(canUseMenuItem('employee1', 'logs', ALL_SERVICES)).toBe(false);
    expect(canUseMenuItem('sdistributor', 'logs', ALL_SERVICES)).toBe(false);
    expect(canUseMenuItem('sdistributor', 'database', ALL_SERVICES)).toBe(false);
    expect(canUseMenuItem('distributor', 'paymentRequest', [])).toBe(true);
    expect(canUseMenuItem('employee2', 'paymentRequest', [])).toBe(false);
    expect(canUseMenuItem('employee2', 'paymentRequest', ['aepsAccount'])).toBe(true);
    expect(canUseMenuItem('partner', 'dashboard', ALL_SERVICES)).toBe(false);
  });

  it.each(ROLE_KINDS)('agrees with menuFor for %s on every item', (kind) => {
    const shown = new Set(keysFor(kind, ALL_SERVICES));
    for (const item of MENU) {
      expect(canUseMenuItem(kind, item.key, ALL_SERVICES)).toBe(shown.has(item.key));
    }
  });
});

describe('mayPayOut', () => {
  it('lets the payout service, or an admin without it, make bank payouts', () => {
    expect(mayPayOut('employee2', ['payout'])).toBe(true);
    expect(mayPayOut('admin', [])).toBe(true);
    expect(mayPayOut('employee2', ['wallet', 'aepsAccount'])).toBe(false);
    expect(mayPayOut('sdistributor', [])).toBe(false);
    expect(mayPayOut(undefined, [])).toBe(false);
  });
});

describe('the menu table', () => {
  it('maps every item to one of the admin routes of spec §2', () => {
    const routes: readonly string[] = ADMIN_PATHS;
    for (const item of MENU) expect(routes).toContain(item.path);
  });

  it('has unique keys and unique paths', () => {
    expect(new Set(MENU.map((item) => item.key)).size).toBe(MENU.length);
    expect(new Set(MENU.map((item) => item.path)).size).toBe(MENU.length);
  });

  it.each([
    ['dashboard', 'Dashboard', '/admin/dashboard'],
    ['allUsers', 'All Users', '/admin/allUsers'],
    ['network', 'Network', '/admin/network'],
    ['merchantList', 'Merchant List', '/admin/merchantList'],
    ['aepsSettlement', 'AEPS Settlement', '/admin/aepsPayments'],
    ['ledgerReport', 'Ledger Report', '/admin/ledger'],
    ['transactionReport', 'Transaction Report', '/admin/transactionHistory'],
    ['profile', 'Profile', '/admin/myAccount'],
  ] as const)('labels %s "%s" at %s', (key, label, path) => {
    expect(menuItem(key)).toMatchObject({ label, path });
  });

  it('throws for an unknown key', () => {
    expect(() => menuItem('nope' as MenuItemKey)).toThrow(RangeError);
  });
});

describe('notYoursMessage', () => {
  it('tells each role whom to ask, and an admin that it is a matter of role', () => {
    expect(notYoursMessage('admin')).toMatch(/role and permissions/);
    expect(notYoursMessage('admin')).not.toMatch(/distributor/i);
    expect(notYoursMessage('employee2')).toMatch(/Ask your distributor/);
    expect(notYoursMessage('user')).toMatch(/Ask your distributor/);
    expect(notYoursMessage('distributor')).toMatch(/Ask your super distributor or a Khata admin/);
    expect(notYoursMessage('coDistributor')).toMatch(/Ask your super distributor/);
    expect(notYoursMessage('sdistributor')).toMatch(/Ask a Khata admin/);
    expect(notYoursMessage('sdistributor')).not.toMatch(/your distributor/);
  });
});
