import { ADMIN_AREA_KINDS, DISTRIBUTOR_KINDS, type RoleKind } from './roles.js';
import type { AdminPath } from './routes.js';
import { Services, type Service } from './services.js';

/** Who may use an item: these kinds, and only when they hold the service if one is named. */
export type MenuGrant = { readonly kinds: readonly RoleKind[]; readonly service?: Service };

export type MenuItemKey =
  | 'dashboard'
  | 'paymentTracker'
  | 'walletTransfer'
  | 'controlPanel'
  | 'customerSupport'
  | 'myComplaints'
  | 'aepsSettlement'
  | 'paymentRequest'
  | 'paymentApproval'
  | 'allUsers'
  | 'network'
  | 'merchantList'
  | 'addUser'
  | 'kycApprovals'
  | 'aepsApprovals'
  | 'approvals'
  | 'postNotice'
  | 'directOnboard'
  | 'createPartner'
  | 'helpAndSupport'
  | 'database'
  | 'logs'
  | 'profile'
  | 'transactionReport'
  | 'ledgerReport'
  | 'mapGenerator'
  | 'serviceManagement'
  | 'updateServices'
  | 'overdraft'
  | 'taxRate'
  | 'myProfit'
  | 'contactRequests'
  | 'monthlyStats'
  | 'paymentOperations'
  | 'remitterKyc'
  | 'dmtPayments'
  | 'ppiMoneyTransfer'
  | 'aeps'
  | 'aepsReport'
  | 'utilityService'
  | 'newBBPS'
  | 'dhbvnBill'
  | 'ccBillsPayment'
  | 'eBillReport'
  | 'rentAgreement'
  | 'rentalAgreements';

export type MenuItem = {
  readonly key: MenuItemKey;
  readonly label: string;
  readonly path: AdminPath;
  readonly grants: readonly MenuGrant[];
};

const EMPLOYEES: readonly RoleKind[] = ['employee1', 'employee2'];
const ADMIN: readonly RoleKind[] = ['admin'];

/**
 * Who looks at the network (All Users, Network, Merchant List): admins and the distributor
 * tiers, and employees an admin gives the staff service (issue 12; they see everyone,
 * network-scope.ts). The actions on users stay with USER_ACTION_KINDS.
 */
const NETWORK_VIEWERS: readonly MenuGrant[] = [
  { kinds: ['admin', ...DISTRIBUTOR_KINDS] },
  { kinds: EMPLOYEES, service: Services.staff },
];

/** Who raises complaints and follows them: everyone in the admin area but admins (issue 14). */
const COMPLAINANTS: readonly MenuGrant[] = [
  { kinds: ADMIN_AREA_KINDS.filter((kind) => kind !== 'admin') },
];

/**
 * Who acts on the users of All Users (onboard, activate or deactivate, reset a password or
 * PIN): admins and distributors, each within its network. Staff employees only look.
 */
export const USER_ACTION_KINDS: readonly RoleKind[] = ['admin', ...DISTRIBUTOR_KINDS];

/**
 * The sidebar of spec §6 in its order. It is also the permission table: the API guards a
 * feature with `canUseMenuItem`, the console draws `menuFor`. Payment Request has two grants
 * because the spec lists it twice: for employee 2 with the aepsAccount service, and for
 * distributors without one.
 */
export const MENU: readonly MenuItem[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    path: '/admin/dashboard',
    grants: [{ kinds: ADMIN_AREA_KINDS }],
  },
  {
    key: 'paymentTracker',
    label: 'Payment Tracker (PG)',
    path: '/admin/payment-tracker',
    grants: [{ kinds: ADMIN_AREA_KINDS }],
  },
  {
    key: 'walletTransfer',
    label: 'Wallet Transfer',
    path: '/admin/walletTransactions',
    grants: [{ kinds: EMPLOYEES, service: Services.wallet }],
  },
  {
    key: 'controlPanel',
    label: 'Control Panel',
    path: '/admin/adminAccount',
    grants: [{ kinds: EMPLOYEES }],
  },
  // Spec §6 gives Customer Support to employees 1 and 2; issue 14 lets every non-admin role of
  // the admin area raise a complaint and follow it (distributors and users too), while admins
  // answer them in Help & Support (docs/decisions.md, "Issue 14: notices and complaints").
  {
    key: 'customerSupport',
    label: 'Customer Support',
    path: '/admin/raiseTicket',
    grants: COMPLAINANTS,
  },
  {
    key: 'myComplaints',
    label: 'My Complaints',
    path: '/admin/my-complaints',
    grants: COMPLAINANTS,
  },
  {
    key: 'aepsSettlement',
    label: 'AEPS Settlement',
    path: '/admin/aepsPayments',
    // Spec §6 gives it to employee 2; the aepsSettlement service (a default of employee 2,
    // issue 12) lets an admin switch it off for one user.
    grants: [{ kinds: ['employee2'], service: Services.aepsSettlement }],
  },
  {
    key: 'paymentRequest',
    label: 'Payment Request',
    path: '/admin/paymentRequest',
    grants: [{ kinds: ['employee2'], service: Services.aepsAccount }, { kinds: DISTRIBUTOR_KINDS }],
  },
  // Issue 13: the approver's queue of fund requests (ours: spec §6 lists the route, not a row).
  // A distributor tier approves its direct downline's requests from its own wallet; an admin
  // those of direct users and of the distributor tiers, and reconciles the bank statement.
  {
    key: 'paymentApproval',
    label: 'Payment Approval',
    path: '/admin/paymentApproval',
    grants: [{ kinds: ['admin', ...DISTRIBUTOR_KINDS] }],
  },
  {
    key: 'allUsers',
    label: 'All Users',
    path: '/admin/allUsers',
    grants: NETWORK_VIEWERS,
  },
  // Issue 12: the downline tree and the retailers of one's network (ours: spec §6 has no row
  // for them; whoever sees All Users sees these).
  { key: 'network', label: 'Network', path: '/admin/network', grants: NETWORK_VIEWERS },
  {
    key: 'merchantList',
    label: 'Merchant List',
    path: '/admin/merchantList',
    grants: NETWORK_VIEWERS,
  },
  // Issue 23: the distributor tiers' way into onboarding (the form of /admin/register-user;
  // admins have Direct Onboard). Staff employees look at the network and onboard no one.
  {
    key: 'addUser',
    label: 'Add User',
    path: '/admin/register-user',
    grants: [{ kinds: DISTRIBUTOR_KINDS }],
  },
  // Issue 12: the admins' approval queues (ours: spec §6 has no row for them).
  {
    key: 'kycApprovals',
    label: 'KYC Approvals',
    path: '/admin/kycApprovals',
    grants: [{ kinds: ADMIN }],
  },
  {
    key: 'aepsApprovals',
    label: 'AEPS Approvals',
    path: '/admin/aepsApprovals',
    grants: [{ kinds: ADMIN }],
  },
  // Issue 31: four eyes. Credits and debits above the threshold and fund requests approved
  // without a bank line wait here for a second admin (ours: the spec names no such screen).
  {
    key: 'approvals',
    label: 'Approvals',
    path: '/admin/approvals',
    grants: [{ kinds: ADMIN }],
  },
  {
    key: 'postNotice',
    label: 'Post Notice',
    path: '/admin/postNotice',
    grants: [{ kinds: ADMIN }],
  },
  {
    key: 'directOnboard',
    label: 'Direct Onboard',
    path: '/admin/directOnBoard',
    grants: [{ kinds: ADMIN }],
  },
  {
    key: 'createPartner',
    label: 'Create Partner',
    path: '/admin/createPartner',
    grants: [{ kinds: ADMIN }],
  },
  {
    key: 'helpAndSupport',
    label: 'Help & Support',
    path: '/admin/complaints',
    grants: [{ kinds: ADMIN }],
  },
  { key: 'database', label: 'Database', path: '/admin/database', grants: [{ kinds: ADMIN }] },
  // Issue 14: the audit log, for admins only (docs/decisions.md, "Issue 13: logs").
  { key: 'logs', label: 'Logs', path: '/admin/logs', grants: [{ kinds: ADMIN }] },
  {
    key: 'profile',
    label: 'Profile',
    path: '/admin/myAccount',
    grants: [{ kinds: ['admin', 'employee2'] }],
  },
  {
    key: 'transactionReport',
    label: 'Transaction Report',
    path: '/admin/transactionHistory',
    // Spec §6 gives it to admin and employee 2. Whoever else can pay (wallet transfers, bank
    // payouts) also finds and reprints their own receipts here (issue 10; docs/decisions.md).
    grants: [
      { kinds: ['admin', 'employee2'] },
      { kinds: EMPLOYEES, service: Services.wallet },
      { kinds: ADMIN_AREA_KINDS, service: Services.payout },
      // Issue 14: the distributor tiers read their downline's transactions here (the report
      // engine's network scope), whatever services they hold (docs/decisions.md).
      { kinds: DISTRIBUTOR_KINDS },
    ],
  },
  {
    key: 'ledgerReport',
    label: 'Ledger Report',
    path: '/admin/ledger',
    grants: [{ kinds: ['admin', 'employee2', 'sdistributor'] }],
  },
  {
    key: 'mapGenerator',
    label: 'Map Generator',
    path: '/admin/mapGenerator',
    grants: [{ kinds: ['admin', 'employee2', 'sdistributor'] }],
  },
  // Issue 12 asks for these two screens; spec §6's sidebar table lists neither, so they sit at
  // the end, for admins only (docs/decisions.md, "Issue 12: services").
  {
    key: 'serviceManagement',
    label: 'Service Management',
    path: '/admin/serviceManagement',
    grants: [{ kinds: ADMIN }],
  },
  {
    key: 'updateServices',
    label: 'Update Services',
    path: '/admin/update-services',
    grants: [{ kinds: ADMIN }],
  },
  // Issue 13: wallets' overdraft limits, set and ended by admins.
  {
    key: 'overdraft',
    label: 'Overdraft',
    path: '/admin/overdraft',
    grants: [{ kinds: ADMIN }],
  },
  // Issue 13 (docs/decisions.md, "Issue 13: commissions, TDS and GST"): tax rates for admins;
  // My profit for everyone who earns commission (admins see every earner).
  {
    key: 'taxRate',
    label: 'Tax Rates',
    path: '/admin/tax-rate',
    grants: [{ kinds: ADMIN }],
  },
  {
    key: 'myProfit',
    label: 'My Profit',
    path: '/admin/myProfit',
    grants: [{ kinds: ['admin', ...DISTRIBUTOR_KINDS] }],
  },
  // Issue 14: the public call-back box's requests; spec §6 has no row, so admins only, at the
  // end (docs/decisions.md, "Issue 13: contact requests and map generator").
  {
    key: 'contactRequests',
    label: 'Contact Requests',
    path: '/admin/contact-us',
    grants: [{ kinds: ADMIN }],
  },
  // Issue 14: the month's figures, their reconciliation and the close are finance's work, for
  // admins only (docs/decisions.md, "Issue 14: monthly stats and the day book").
  {
    key: 'monthlyStats',
    label: 'Monthly Stats',
    path: '/admin/monthlyStats',
    grants: [{ kinds: ADMIN }],
  },
  // Issue 14: payouts stuck at the bank or returned late, against the regulator's clock; spec
  // §6 has no row, so admins only, at the end (docs/decisions.md, "Issue 14: payment operations").
  {
    key: 'paymentOperations',
    label: 'Payment Operations',
    path: '/admin/paymentOperations',
    grants: [{ kinds: ADMIN }],
  },
  // Issue 25: money transfer for walk-in customers; spec §6 lists the routes, not rows, so
  // they sit at the end. Whoever holds the dmt service (a retailer by default) registers
  // remitters and sends; admins look up any remitter and read every transfer; the distributor
  // tiers read their network's transfers (docs/decisions.md, "Issue 25: the DMT screens").
  {
    key: 'remitterKyc',
    label: 'Remitters',
    path: '/admin/remitterKyc',
    grants: [{ kinds: ADMIN_AREA_KINDS, service: Services.dmt }, { kinds: ADMIN }],
  },
  {
    key: 'dmtPayments',
    label: 'Money Transfer',
    path: '/admin/dmtPayments',
    grants: [
      { kinds: ADMIN_AREA_KINDS, service: Services.dmt },
      { kinds: ['admin', ...DISTRIBUTOR_KINDS] },
    ],
  },
  // Issue 25: PPI money transfer, DMT's screen for the ppi service (docs/decisions.md, "PPI
  // money transfer"); the same readers as Money Transfer.
  {
    key: 'ppiMoneyTransfer',
    label: 'PPI Money Transfer',
    path: '/admin/ppi-money-transfer',
    grants: [
      { kinds: ADMIN_AREA_KINDS, service: Services.ppi },
      { kinds: ['admin', ...DISTRIBUTOR_KINDS] },
    ],
  }, // Issue 26: AEPS at the counter; spec §2 has no route for it (docs/decisions.md, "Issue 26:
  // AEPS at the counter"). The shop serves customers on AEPS; the report is read by the shop
  // (its own), the distributor tiers (their network) and admins (all).
  {
    key: 'aeps',
    label: 'AEPS',
    path: '/admin/aeps',
    grants: [{ kinds: ADMIN_AREA_KINDS, service: Services.aeps }],
  },
  {
    key: 'aepsReport',
    label: 'AEPS Report',
    path: '/admin/aepsReport',
    grants: [
      { kinds: ADMIN_AREA_KINDS, service: Services.aeps },
      { kinds: ['admin', ...DISTRIBUTOR_KINDS] },
    ],
  },
  // Issue 27: bill payments through Bharat BillPay (spec §2's routes). The shop pays bills with
  // the bbps service; the report is read by the shop (its own), the distributor tiers (their
  // network) and admins (all).
  {
    key: 'utilityService',
    label: 'Utility Payments',
    path: '/admin/utilityService',
    grants: [{ kinds: ADMIN_AREA_KINDS, service: Services.bbps }],
  },
  {
    key: 'newBBPS',
    label: 'Pay a Bill (BBPS)',
    path: '/admin/newBBPS',
    grants: [{ kinds: ADMIN_AREA_KINDS, service: Services.bbps }],
  },
  {
    key: 'dhbvnBill',
    label: 'DHBVN Bill',
    path: '/admin/dhbvn-bill',
    grants: [{ kinds: ADMIN_AREA_KINDS, service: Services.bbps }],
  },
  {
    key: 'ccBillsPayment',
    label: 'Credit Card Bill',
    path: '/admin/CCBillsPayment',
    grants: [{ kinds: ADMIN_AREA_KINDS, service: Services.bbps }],
  },
  {
    key: 'eBillReport',
    label: 'Bill Payment Report',
    path: '/admin/eBillReport',
    grants: [
      { kinds: ADMIN_AREA_KINDS, service: Services.bbps },
      { kinds: ['admin', ...DISTRIBUTOR_KINDS] },
    ],
  },
  // Issue 28: rent agreements (spec §2's routes). The shop drafts and sells them with the rent
  // service (/admin/rent-agreement); the list (/admin/rental-agreement) and an agreement's
  // details (/admin/rentAgreement/:id, under the list's item) are read by the shop (its own),
  // the distributor tiers (their network) and admins (all).
  {
    key: 'rentAgreement',
    label: 'Rent Agreement',
    path: '/admin/rent-agreement',
    grants: [{ kinds: ADMIN_AREA_KINDS, service: Services.rent }],
  },
  {
    key: 'rentalAgreements',
    label: 'Rent Agreements',
    path: '/admin/rental-agreement',
    grants: [
      { kinds: ADMIN_AREA_KINDS, service: Services.rent },
      { kinds: ['admin', ...DISTRIBUTOR_KINDS] },
    ],
  },
];

export function menuItem(key: MenuItemKey): MenuItem {
  const item = MENU.find((candidate) => candidate.key === key);
  if (!item) throw new RangeError(`No menu item ${key}`);
  return item;
}

/** May this kind, holding these services, use the item? The one question guards ask. */
export function canUseMenuItem(
  kind: RoleKind,
  key: MenuItemKey,
  services: readonly string[],
): boolean {
  return isGranted(menuItem(key), kind, services);
}

/** Why a bank payout (or saving a beneficiary for one) is refused: the API and the console. */
export const NO_PAYOUT_SERVICE_MESSAGE = 'Your account does not have the payout service.';

/**
 * May this user make bank payouts, and save the beneficiaries they pay? Bank payouts have no
 * sidebar row in the spec's table: they need the payout service, and admins (who run the
 * portal and make the unlimited payout) need none.
 */
export function mayPayOut(kind: RoleKind | undefined, services: readonly string[]): boolean {
  return kind === 'admin' || services.includes(Services.payout);
}

/** The sidebar for a kind, in the spec's order. */
export function menuFor(kind: RoleKind, services: readonly string[]): MenuItem[] {
  return MENU.filter((item) => isGranted(item, kind, services));
}

function isGranted(item: MenuItem, kind: RoleKind, services: readonly string[]): boolean {
  return item.grants.some(
    (grant) =>
      grant.kinds.includes(kind) &&
      (grant.service === undefined || services.includes(grant.service)),
  );
}

/**
 * What a screen not open to the signed-in role says (issue 23): whom to ask fits the role. An
 * admin asks nobody (the screen belongs to another role: a permission matter); a retailer or
 * other user asks its distributor; a distributor its super distributor or an admin; a super
 * distributor an admin.
 */
export function notYoursMessage(kind: RoleKind | undefined): string {
  const screen = 'Your account does not have access to this screen.';
  switch (kind) {
    case 'admin':
      return 'This screen belongs to another role, not to admins: it is a matter of role and permissions. Admins reach everything of theirs from the menu.';
    case 'sdistributor':
      return `${screen} Ask a Khata admin if you need it.`;
    case 'coDistributor':
    case 'distributor':
      return `${screen} Ask your super distributor or a Khata admin if you need it.`;
    default:
      return `${screen} Ask your distributor or Khata support if you need it.`;
  }
}
