import type { AdminPath } from '@khata/domain';

/**
 * The admin area's screens that are built (spec §2 "Admin routes"). Every admin path is named
 * in libs/domain (ADMIN_PATHS); `satisfies` keeps these in that list. Where the spec does not
 * say which path a screen has, docs/decisions.md records the choice.
 */
export const AdminAreaPath = {
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminProfile: '/admin/myAccount',
  // Issue 14: the day book of a day N days ago (the Profile screen keeps the bare path).
  dayBook: '/admin/myAccount/:dayAgo',
  // Issue 14: the month's figures, reconciliation and close.
  monthlyStats: '/admin/monthlyStats',
  walletTransfer: '/admin/walletTransactions',
  controlPanel: '/admin/adminAccount',
  // The same path: the Control Panel for employees, the company accounts for admins.
  adminAccount: '/admin/adminAccount',
  network: '/admin/network',
  merchantList: '/admin/merchantList',
  transactionReport: '/admin/transactionHistory',
  // Issue 14: the bank payouts report (the spec names the route, not its screen).
  payoutReport: '/admin/transactions',
  ledgerReport: '/admin/ledger',
  bankPayout: '/admin/dmt',
  aepsSettlement: '/admin/aepsPayments',
  allUsers: '/admin/allUsers',
  // Logs (issue 14): the audit log.
  logs: '/admin/logs',
  database: '/admin/database',
  userDetails: '/admin/userDetails',
  createPartner: '/admin/createPartner',
  serviceManagement: '/admin/serviceManagement',
  updateServices: '/admin/update-services',
  kyc: '/admin/kyc',
  kycApprovals: '/admin/kycApprovals',
  aepsApprovals: '/admin/aepsApprovals',
  // Issue 31: four eyes, money waiting for a second admin.
  approvals: '/admin/approvals',
  // Fund requests (issue 13).
  paymentRequest: '/admin/paymentRequest',
  paymentApproval: '/admin/paymentApproval',
  // Onboarding (issue 12): the spec's three paths show one form.
  onboardUser: '/admin/register-user',
  onboardRegister: '/admin/register',
  directOnboard: '/admin/directOnBoard',
  changeMobile: '/admin/changeMobile',
  // Issue 13: wallets' overdraft limits.
  overdraft: '/admin/overdraft',
  // Issue 13: commissions.
  taxRate: '/admin/tax-rate',
  myProfit: '/admin/myProfit',
  // Issue 14: the call-back box's requests.
  contactRequests: '/admin/contact-us',
  mapGenerator: '/admin/mapGenerator',
  // Issue 14, Communication: notices and complaints.
  postNotice: '/admin/postNotice',
  raiseTicket: '/admin/raiseTicket',
  myComplaints: '/admin/my-complaints',
  complaints: '/admin/complaints',
  // Issue 14: payment operations (ours) and the payment tracker (spec §2).
  paymentOperations: '/admin/paymentOperations',
  paymentTracker: '/admin/payment-tracker',
  // Issue 25: money transfer for walk-in customers (remitters, then their transfers).
  remitterKyc: '/admin/remitterKyc',
  dmtPayments: '/admin/dmtPayments',
  // PPI money transfer: the Money Transfer screen for a customer's prepaid wallet.
  ppiMoneyTransfer: '/admin/ppi-money-transfer',
  // Issue 26: AEPS at the counter, and its report.
  aeps: '/admin/aeps',
  aepsReport: '/admin/aepsReport',
  // Issue 27: bill payments through Bharat BillPay.
  utilityService: '/admin/utilityService',
  newBBPS: '/admin/newBBPS',
  dhbvnBill: '/admin/dhbvn-bill',
  ccBillsPayment: '/admin/CCBillsPayment',
  eBillReport: '/admin/eBillReport',
  // Issue 28: rent agreements, drafted, listed and one with its timeline.
  rentAgreementNew: '/admin/rent-agreement',
  rentalAgreements: '/admin/rental-agreement',
  rentAgreementDetails: '/admin/rentAgreement/:rentAgreement',
  // Issue 28: wallet loads through a payment gateway (reached from the Payment Tracker).
  pay10Payments: '/admin/pay10Payments',
  finkeda: '/admin/finkeda',
  paycelHistory: '/admin/paycelHistory',
} as const satisfies Record<string, AdminPath>;

/**
 * Every path of the console, named once (spec §2). Routes, links and redirects use these
 * names, never string literals. Paths with parameters are patterns for the router; build a
 * concrete URL from them with react-router's `generatePath`.
 *
 * Most of these screens are not built yet; until they are, their links fall through to the
 * not-found page.
 */
export const AppPath = {
  home: '/',

  // Public navbar (spec §2).
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  career: '/career',
  partnerLogin: '/partnerLogin',
  ourServices: '/our-services',

  // Signed-out menu, and the other ways in.
  login: '/login',
  signup: '/signup',
  register: '/register',
  loginSecure: '/login-secure',
  loginIntoUser: '/loginIntoUser/:token',
  loginIntoDistributor: '/loginIntoDistributor/:token',
  loginIntoSuperDistributor: '/loginIntoSuperDistributor/:token',

  // Public footer (spec §2). The footer links /careers while the navbar links /career;
  // both are kept as the spec gives them.
  careers: '/careers',
  blog: '/blog',
  utilityPayments: '/utility-payments',
  rentalAgreement: '/rental-agreement',
  documentServices: '/document-services',
  businessSolutions: '/business-solutions',
  geoMap: '/tools/geo-map',
  loanCalculator: '/tools/loan-calculator',
  taxCalculator: '/tools/tax-calculator',
  currencyConverter: '/tools/currency-converter',
  privacyPolicy: '/legal/privacy-policy',
  termsAndConditions: '/legal/terms-and-conditions',
  cookiePolicy: '/legal/cookie-policy',
  refundPolicy: '/legal/refund-policy',

  // Other public routes of spec §2.
  legalOurServices: '/legal/our-services',
  rentAgreement: '/rent-agreement',
  trackAgreement: '/trackAgreement',
  bioMetrics: '/bioMetrics',
  morphoDeviceTest: '/morpho-device-test',
  partnerArea: '/partner',
  partnerDashboard: '/partner/dashboard',
  // Issue 23: the partner's webhook deliveries.
  partnerWebhookDeliveries: '/partner/webhookDeliveries',
  // Issue 14 (ours): the public check of a printed receipt's QR code.
  verifyReceipt: '/verify/:token',

  // The signed-in admin area, and its own not-found page inside the admin layout.
  ...AdminAreaPath,
  adminNotFound: '/admin/*',

  notFound: '*',
} as const;

export type AppPathName = keyof typeof AppPath;
export type AppPathPattern = (typeof AppPath)[AppPathName];
