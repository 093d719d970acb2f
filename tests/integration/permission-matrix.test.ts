import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROLE_KINDS, roleName, type RoleKind } from '@khata/domain';
import { RouteCatalog } from '../../apps/api/src/auth/route-catalog.js';
import { PartnerApiMessages } from '../../apps/api/src/partners/partner-messages.js';
import { SessionsService } from '../../apps/api/src/auth/sessions.service.js';
import { Db } from '../../apps/api/src/database/unit-of-work.js';
import { bearer, given, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

const DISTRIBUTORS: RoleKind[] = ['sdistributor', 'coDistributor', 'distributor'];
const ADMIN_TYPE: RoleKind[] = ['admin', 'sdistributor', 'coDistributor'];
const EMPLOYEES: RoleKind[] = ['employee1', 'employee2'];
// Every role of the /admin area (partners have their own).
const BENEFICIARY_KEEPERS: RoleKind[] = ROLE_KINDS.filter((kind) => kind !== 'partner');
const COMPLAINANTS: RoleKind[] = BENEFICIARY_KEEPERS.filter((kind) => kind !== 'admin');

/**
 * Who may call each route, written from the spec (§6 and API.md), not read from the code:
 * 'public', 'signed-in' (any role, own data only), the role kinds allowed, or 'api-key' (a
 * partner's signed machine call: no session of any role gets through). Menu-item
 * routes list the kinds the spec's sidebar table gives that item (users here hold every
 * service). A route the API serves that is missing here fails the test, and so does an
 * entry the API does not serve.
 */
const EXPECTED: Record<string, 'public' | 'signed-in' | 'api-key' | RoleKind[]> = {
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/partner-login': 'public',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/user/userData': 'signed-in',
  'POST /api/user/checkBalance': 'signed-in',
  'POST /api/admin/checkBalance': ADMIN_TYPE,
  'POST /api/auth/link-login': 'public',
  'POST /api/user/cPanel-ChangePassword': 'signed-in',
  'POST /api/user/cPanel-ChangePin': 'signed-in',
  'POST /api/user/cPanel-Logs': 'signed-in',
  'POST /api/user/logoutThisSession': 'signed-in',
  'POST /api/user/logoutAllSessions': 'signed-in',
  // Issue 30: the caller's own console language.
  'POST /api/user/language': 'signed-in',
  'POST /api/admin/loginLink': ['admin', ...DISTRIBUTORS],
  // Users: register-user follows All Users (admin and distributors, spec §6), fetchUserInfo
  // the Wallet Transfer item; pictures are served outside /api, to an <img> with no token.
  'POST /api/admin/register-user': ['admin', ...DISTRIBUTORS],
  'POST /api/auth/signup': 'public',
  // Onboarding (issue 12): the signup OTP is public; setting one's own password and PIN is
  // any signed-in user's; resetting another's follows All Users like register-user.
  'POST /api/auth/signupOtp': 'public',
  'POST /api/auth/setCredentials': 'signed-in',
  'POST /api/admin/resetCredentials': ['admin', ...DISTRIBUTORS],
  // Change mobile (/admin/changeMobile): one's own number, proven by an OTP sent to it.
  'POST /api/user/changeMobileOtp': 'signed-in',
  'POST /api/user/changeMobile': 'signed-in',
  'POST /api/user/fetchUserInfo': EMPLOYEES,
  'POST /api/user/profilePicture': 'signed-in',
  'GET /userProfile/:file': 'public',
  // Prometheus (issue 16): no session, its own bearer token (METRICS_TOKEN); 404 when unset.
  'GET /metrics': 'public',
  // Money: wallet transfers follow the Wallet Transfer item (spec §6); funding is an admin call.
  'POST /api/user/sendMoneyToWallet': EMPLOYEES,
  'POST /api/admin/creditWallet': ['admin'],
  // Issue 23: a distributor tier pays its own downline from User details.
  'POST /api/user/sendMoneyToDownline': DISTRIBUTORS,
  // Issue 26: the AEPS balance to the main wallet follows the AEPS item: the aeps service, a
  // retailer's by default (the other roles may be granted it; these users are not).
  'POST /api/aeps/balance/move': ['employee2'],
  'POST /api/user/transactions': 'signed-in',
  'POST /api/user/transaction': 'signed-in',
  'POST /api/user/ledger': 'signed-in',
  'POST /api/user/ledger/csv': 'signed-in',
  'POST /api/user/monthlyTotals': 'signed-in',
  // The transaction report engine (issue 14): anyone signed in, reading only its network scope.
  'POST /api/reports/transactions': 'signed-in',
  'POST /api/reports/transactions.csv': 'signed-in',
  // The public call-back box, and the admins who return the calls (ours: the spec is silent).
  'POST /api/public/callback-request': 'public',
  'POST /api/admin/callback-requests': ['admin'],
  'POST /api/admin/callback-requests/handled': ['admin'],
  'POST /api/admin/mapPoints': ['admin', 'employee2', 'sdistributor'],
  // Issue 14, notices: admins post them (Post Notice item); everyone reads and dismisses theirs.
  'POST /api/admin/postNotice': ['admin'],
  'POST /api/admin/notices': ['admin'],
  'POST /api/admin/notices/withdraw': ['admin'],
  'POST /api/user/notices': 'signed-in',
  'POST /api/user/notices/dismiss': 'signed-in',
  // Issue 14, complaints: Customer Support and My Complaints for every non-admin of the admin
  // area (ours: spec §6 names employees; distributors and users complain too), Help & Support
  // (the queue) for admins.
  'POST /api/user/complaints/raise': COMPLAINANTS,
  'POST /api/user/complaints': COMPLAINANTS,
  'POST /api/user/complaint': COMPLAINANTS,
  'POST /api/user/complaints/act': COMPLAINANTS,
  'POST /api/admin/complaints': ['admin'],
  'POST /api/admin/complaint': ['admin'],
  'POST /api/admin/complaints/act': ['admin'],
  // The currency converter's rates: read by anyone, set by admins (ours: the spec is silent).
  'GET /api/public/currency-rates': 'public',
  'POST /api/admin/currency-rates': ['admin'],
  // Beneficiaries (ours): bank beneficiaries follow /payment/bankTransfer, every admin-area
  // role (the payout service is checked after access; users here hold it); AEPS accounts
  // follow the AEPS Settlement item; admins approve them. The bank list is reference data.
  'POST /api/user/getBankList': 'signed-in',
  'POST /api/user/createBeneficiary': BENEFICIARY_KEEPERS,
  'POST /api/user/verifyBankAccount': BENEFICIARY_KEEPERS,
  'POST /api/user/verifyBeneficiary': BENEFICIARY_KEEPERS,
  'DELETE /api/user/deleteBeneficiary': BENEFICIARY_KEEPERS,
  'POST /api/user/getBeneficiaryList': BENEFICIARY_KEEPERS,
  // DMT (issue 25): any role of the admin area reaches the routes; the handlers let holders of
  // the dmt service act and admins read (tests/integration/dmt-remitters.test.ts).
  'POST /api/dmt/remitter': BENEFICIARY_KEEPERS,
  'POST /api/dmt/remitter/register': BENEFICIARY_KEEPERS,
  'POST /api/dmt/remitter/verify': BENEFICIARY_KEEPERS,
  'POST /api/dmt/remitter/ekyc': BENEFICIARY_KEEPERS,
  'POST /api/dmt/beneficiary/add': BENEFICIARY_KEEPERS,
  'POST /api/dmt/beneficiary/confirm': BENEFICIARY_KEEPERS,
  'POST /api/dmt/beneficiary/delete': BENEFICIARY_KEEPERS,
  'POST /api/dmt/beneficiary/delete/confirm': BENEFICIARY_KEEPERS,
  'POST /api/user/createAepsBeneficiary': ['employee2'],
  'POST /api/admin/getAepsBeneficiaries': ['admin'],
  'POST /api/admin/approveAepsBeneficiary': ['admin'],
  // Payouts: every admin-area role may call bankTransfer (the payout service, or for
  // type "aeps" the AEPS Settlement item, is checked after the form); the unlimited payout
  // and the stuck-payout tools are the admin's (spec §6).
  'POST /api/payment/bankTransfer': BENEFICIARY_KEEPERS,
  'POST /api/user/checkLastTransaction': BENEFICIARY_KEEPERS,
  // Issue 23: the fee and total of a payment before it, for whoever may make one.
  'POST /api/payment/quote': BENEFICIARY_KEEPERS,
  'POST /api/admin/unlimitedPayout': ['admin'],
  'POST /api/admin/payouts/stuck': ['admin'],
  'POST /api/admin/payouts/checkStatus': ['admin'],
  'POST /api/admin/payouts/resolve': ['admin'],
  // Issue 14: Payment Operations (ours, admins only); the Payment Tracker item is for every
  // admin-area role (spec §6), scoped to the caller's network; a receipt's verification link
  // is any signed-in user's for receipts they may open, and its check is public.
  // Issue 25: DMT transfers. Every admin-area role reaches them (the dmt service, a retailer's
  // by default, is checked in the handler; the list is scoped by the network); asking the
  // provider now is the admin's.
  'POST /api/dmt/transfer/otp': BENEFICIARY_KEEPERS,
  'POST /api/dmt/transfer': BENEFICIARY_KEEPERS,
  'POST /api/dmt/refund/otp': BENEFICIARY_KEEPERS,
  'POST /api/dmt/refund': BENEFICIARY_KEEPERS,
  'POST /api/dmt/transfers': BENEFICIARY_KEEPERS,
  'POST /api/dmt/transfer/check': ['admin'],
  'POST /api/dmt/transfer/resolve': ['admin'],
  // Issue 25: PPI money transfer, DMT's routes for the ppi product, and the sender's wallet.
  'POST /api/ppi/sender': BENEFICIARY_KEEPERS,
  'POST /api/ppi/transfer/otp': BENEFICIARY_KEEPERS,
  'POST /api/ppi/transfer': BENEFICIARY_KEEPERS,
  'POST /api/ppi/refund/otp': BENEFICIARY_KEEPERS,
  'POST /api/ppi/refund': BENEFICIARY_KEEPERS,
  'POST /api/ppi/transfers': BENEFICIARY_KEEPERS,
  // Issue 26: AEPS at the counter. Every admin-area role reaches the routes (the aeps service,
  // a retailer's by default, is checked in the handler; the list and a receipt are scoped by
  // the network); asking the provider now is the admin's.
  'GET /api/aeps/status': BENEFICIARY_KEEPERS,
  'POST /api/aeps/agent/register': BENEFICIARY_KEEPERS,
  'POST /api/aeps/agent/daily-auth': BENEFICIARY_KEEPERS,
  'POST /api/aeps/transactions': BENEFICIARY_KEEPERS,
  'GET /api/aeps/transactions': BENEFICIARY_KEEPERS,
  'GET /api/aeps/transactions/:id': BENEFICIARY_KEEPERS,
  'POST /api/aeps/transactions/:id/check': ['admin'],
  // Issue 27: bill payments through BBPS, as AEPS: every admin-area role reaches the routes
  // (paying needs the bbps service, a retailer's by default, checked in the handler; the
  // catalogue is read by the report's readers too; the report and a receipt are scoped by the
  // network); asking BBPS now is the admin's. Complaints need the bbps service too.
  'GET /api/bbps/categories': BENEFICIARY_KEEPERS,
  'GET /api/bbps/billers': BENEFICIARY_KEEPERS,
  'GET /api/bbps/billers/:id': BENEFICIARY_KEEPERS,
  'POST /api/bbps/bills/fetch': BENEFICIARY_KEEPERS,
  'GET /api/bbps/quote': BENEFICIARY_KEEPERS,
  'POST /api/bbps/payments': BENEFICIARY_KEEPERS,
  'GET /api/bbps/payments': BENEFICIARY_KEEPERS,
  'GET /api/bbps/payments.csv': BENEFICIARY_KEEPERS,
  'GET /api/bbps/payments/:id': BENEFICIARY_KEEPERS,
  'POST /api/bbps/payments/:id/check': ['admin'],
  'POST /api/bbps/payments/:id/complaints': BENEFICIARY_KEEPERS,
  'POST /api/bbps/complaints': BENEFICIARY_KEEPERS,
  'POST /api/bbps/complaints/:id/check': BENEFICIARY_KEEPERS,
  // Issue 28: rent agreements, as BBPS: every admin-area role reaches the routes (drafting and
  // paying need the rent service, a retailer's by default, checked in the handler; a list and
  // an agreement are scoped by the network); prices and tracking are public.
  'POST /api/rent-agreements/quote': BENEFICIARY_KEEPERS,
  'POST /api/rent-agreements': BENEFICIARY_KEEPERS,
  'GET /api/rent-agreements': BENEFICIARY_KEEPERS,
  'GET /api/rent-agreements/:id': BENEFICIARY_KEEPERS,
  'GET /api/rent-agreements/:id/pdf': BENEFICIARY_KEEPERS,
  'POST /api/rent-agreements/:id/pay': BENEFICIARY_KEEPERS,
  'POST /api/rent-agreements/:id/stamp': BENEFICIARY_KEEPERS,
  'POST /api/rent-agreements/:id/cancel': BENEFICIARY_KEEPERS,
  'POST /api/rent-agreements/:id/parties/:partyId/otp': BENEFICIARY_KEEPERS,
  'POST /api/rent-agreements/:id/parties/:partyId/sign': BENEFICIARY_KEEPERS,
  'GET /api/public/rent-agreements/prices': 'public',
  'GET /api/public/rent-agreements/track': 'public',
  // Issue 28: wallet loads through a payment gateway. Every admin-area role reaches the
  // Payment Tracker (PG)'s routes (the screens share its grant; the handler refuses an admin's
  // own load and scopes the list to the caller); asking the gateway, refunds and settlements
  // are the admin's; the webhook and the sandbox's hosted page are public (the signature and
  // the order id are the keys), the sandbox's settlement file the admin's.
  'GET /api/pg/gateways': BENEFICIARY_KEEPERS,
  'GET /api/pg/quote': BENEFICIARY_KEEPERS,
  'POST /api/pg/orders': BENEFICIARY_KEEPERS,
  'GET /api/pg/orders': BENEFICIARY_KEEPERS,
  'GET /api/pg/orders/:id': BENEFICIARY_KEEPERS,
  'POST /api/pg/orders/callback': BENEFICIARY_KEEPERS,
  'POST /api/pg/orders/:id/check': ['admin'],
  'POST /api/pg/orders/:id/refund': ['admin'],
  'POST /api/pg/settlements': ['admin'],
  'POST /api/pg/webhooks/:gateway': 'public',
  'GET /api/pg-sandbox/:gateway/checkout/:id': 'public',
  'POST /api/pg-sandbox/:gateway/checkout/:id/:action': 'public',
  'GET /api/pg-sandbox/:gateway/settlement-file': ['admin'],
  'POST /api/admin/payouts/operations': ['admin'],
  'POST /api/admin/payouts/payCompensation': ['admin'],
  'POST /api/admin/paymentTracker': BENEFICIARY_KEEPERS,
  'POST /api/user/receiptLink': 'signed-in',
  'GET /api/public/receipts/:token': 'public',
  // Services (issue 12): the catalogue and switching services are the admin's (Service
  // Management and Update Services items); reading one user's services is for the whole admin
  // area, scoped by the network (a distributor reads its downline on User details).
  'POST /api/admin/services': ['admin'],
  'POST /api/admin/userServices': BENEFICIARY_KEEPERS,
  'POST /api/admin/updateServices': ['admin'],
  // KYC (issue 12): every user sends and reads their own; admins decide. The queue and the
  // photo are also open to employees an admin made staff (network scope "everyone"); the
  // users here hold no staff service, so employees are refused like everyone else.
  'POST /api/user/kyc': 'signed-in',
  'POST /api/user/kycStatus': 'signed-in',
  'POST /api/user/pan': 'signed-in',
  'POST /api/admin/kycQueue': ['admin'],
  'POST /api/admin/kycDecision': ['admin'],
  'GET /api/admin/kycPhoto/:id': ['admin'],
  // A payout provider's signed webhook: no session, the HMAC over the raw body is the proof.
  'POST /api/webhooks/rail': 'public',
  // All Users and User details (issue 12): the All Users item, admins and the three
  // distributor tiers (spec §6); each answer is scoped to the caller's network.
  // Logs (issue 14): the audit log holds everyone's mobiles and IPs: admins only.
  'POST /api/admin/logs': ['admin'],
  // Monthly stats (issue 14): the month's figures, reconciliation and close are finance's,
  // admins only; the day book is everyone's own wallet (whoever can open Profile).
  'POST /api/admin/monthlyStats': ['admin'],
  'POST /api/admin/monthlyStats/close': ['admin'],
  'POST /api/admin/monthlyStats/csv': ['admin'],
  'POST /api/user/dayBook': 'signed-in',
  'POST /api/user/dayBook/csv': 'signed-in',
  'POST /api/admin/users': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/users/csv': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/userDetails': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/userStatus': ['admin', ...DISTRIBUTORS],
  // Partners (issue 12): the admin makes them (Create Partner item); each manages its own keys
  // and webhook in its own area; its systems call the v1 API with a signed key only.
  'POST /api/admin/createPartner': ['admin'],
  'POST /api/partner/apiKeys': ['partner'],
  'POST /api/partner/apiKeys/createOtp': ['partner'],
  'POST /api/partner/apiKeys/create': ['partner'],
  'POST /api/partner/apiKeys/revoke': ['partner'],
  'POST /api/partner/webhook': ['partner'],
  'POST /api/partner/webhook/current': ['partner'],
  'POST /api/partner/webhook/rotateSecret': ['partner'],
  // Issue 23: a partner's own webhook deliveries; an admin's view of any partner.
  'POST /api/partner/webhookDeliveries': ['partner'],
  'POST /api/partner/webhookDeliveries/redeliver': ['partner'],
  'POST /api/admin/partnerApiKeys': ['admin'],
  'POST /api/admin/partnerApiKeys/revoke': ['admin'],
  'POST /api/admin/partnerWebhookDeliveries': ['admin'],
  'POST /api/admin/partnerWebhookDeliveries/redeliver': ['admin'],
  'POST /api/partner/v1/payouts': 'api-key',
  'GET /api/partner/v1/payouts/:id': 'api-key',
  'GET /api/partner/v1/balance': 'api-key',
  // The network screens (issue 12): the tree, its search, the merchant list and the dashboard's
  // figures for admins and the distributor tiers (each scoped to its network); the company's
  // own accounts for admins.
  'POST /api/admin/network': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/networkSearch': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/merchants': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/dashboard': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/companyAccount': ['admin'],
  // Issue 13: liens, security deposits, overdraft limits and admin debits are admins' acts;
  // a user's liens and deposits are read by whoever opens User details (the All Users item).
  'POST /api/admin/lien': ['admin'],
  'POST /api/admin/lien/release': ['admin'],
  'POST /api/admin/securityDeposit': ['admin'],
  'POST /api/admin/securityDeposit/release': ['admin'],
  'POST /api/admin/holdings': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/overdraft': ['admin'],
  'POST /api/admin/overdrafts': ['admin'],
  'POST /api/admin/debitWallet': ['admin'],
  // Fund requests (issue 13): asking follows the Payment Request item (employee 2 with the
  // aepsAccount service, the distributor tiers); approving follows Payment Approval (admins and
  // the distributor tiers, each deciding only what is theirs); a proof is shown to its
  // requester and whoever sees the requester; the company's bank side is the admins'.
  'POST /api/user/paymentRequest': ['employee2', ...DISTRIBUTORS],
  'POST /api/user/paymentRequests': ['employee2', ...DISTRIBUTORS],
  'POST /api/user/companyBanks': ['employee2', ...DISTRIBUTORS],
  'GET /api/user/paymentProof/:id': 'signed-in',
  'POST /api/admin/paymentApprovals': ['admin', ...DISTRIBUTORS],
  'POST /api/admin/paymentApproval': ['admin', ...DISTRIBUTORS],
  // Issue 31: four eyes, the admins' Approvals queue.
  'POST /api/admin/approvals': ['admin'],
  'POST /api/admin/approvals/decide': ['admin'],
  'POST /api/admin/companyBankAccounts': ['admin'],
  'POST /api/admin/companyBankAccount': ['admin'],
  'POST /api/admin/bankStatement': ['admin'],
  'POST /api/admin/bankStatementMatches': ['admin'],
  // Issue 13, commissions: admins keep schemes and tax rates; My profit is each earner's own
  // (admins see every earner).
  'POST /api/admin/commissionSchemes': ['admin'],
  'POST /api/admin/commissionScheme': ['admin'],
  'POST /api/admin/commissionSchemeDefault': ['admin'],
  'POST /api/admin/commissionSchemeAssign': ['admin'],
  'POST /api/admin/commissionSchemeAssignments': ['admin'],
  'POST /api/admin/commissionUserRates': ['admin'],
  'POST /api/admin/taxRates': ['admin'],
  'POST /api/admin/commissionEarnersWithoutPan': ['admin'],
  'POST /api/admin/taxRate': ['admin'],
  'POST /api/admin/myProfit': ['admin', 'sdistributor', 'coDistributor', 'distributor'],
  'POST /api/admin/myProfit/csv': ['admin', 'sdistributor', 'coDistributor', 'distributor'],
  // Database (issue 14): admin only (spec §6); the key the ledger's heads are signed with is
  // public, for anyone to check a downloaded head.
  'POST /api/admin/database': ['admin'],
  'POST /api/admin/database/verify': ['admin'],
  'POST /api/admin/database/chainHeads': ['admin'],
  'POST /api/admin/database/signedHeads': ['admin'],
  'POST /api/admin/database/signedHead': ['admin'],
  'GET /api/public/ledger-key': 'public',
};

describe('the permission matrix', () => {
  let api: TestApi;
  const users = new Map<RoleKind, GivenUser>();

  beforeAll(async () => {
    api = await startTestApi();
    for (const kind of ROLE_KINDS) {
      users.set(kind, await given(api).user({ role: roleName(kind, api.config.productKey) }));
    }
  });
  afterAll(() => api.close());

  const routes = () =>
    api.app
      .get(RouteCatalog)
      .routes()
      .map((route) => `${route.method} ${route.path}`)
      .sort();

  it('has a decision for every route the API serves, and no decision for a route it does not', () => {
    expect(routes()).toEqual(Object.keys(EXPECTED).sort());
  });

  /** A fresh session for the kind's user, so a route that ends sessions cannot spoil the next call. */
  async function tokenFor(kind: RoleKind): Promise<string> {
    const user = users.get(kind)!;
    const context = {
      ip: '127.0.0.1',
      latitude: null,
      longitude: null,
      userAgent: 'matrix',
      requestId: null,
    };
    return (
      await api.app
        .get(SessionsService)
        .open(api.app.get(Db), { id: user.id, elevated: false }, 'password', context)
    ).token;
  }

  const send = (route: string, headers: Record<string, string> = {}) => {
    const [method, path] = route.split(' ') as [string, string];
    return call(`${api.url}${path}`, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body: {} }),
    });
  };

  it('asks for a sign-in on every route that is not public', async () => {
    for (const [route, rule] of Object.entries(EXPECTED)) {
      if (rule === 'public') continue;
      const answer = await send(route);
      expect({ route, status: answer.status, message: answer.body.message }).toEqual({
        route,
        status: 401,
        message: rule === 'api-key' ? PartnerApiMessages.keyRequired : 'Please login to continue',
      });
    }
  });

  it("refuses every role's session on a key-authenticated route, and a key on a session route", async () => {
    const outcomes: string[] = [];
    for (const [route, rule] of Object.entries(EXPECTED)) {
      if (rule !== 'api-key') continue;
      for (const kind of ROLE_KINDS) {
        const answer = await send(route, bearer(await tokenFor(kind)));
        if (answer.status !== 401 || answer.body.message !== PartnerApiMessages.keyRequired) {
          outcomes.push(`${route} as ${kind}: ${answer.status} ${String(answer.body.message)}`);
        }
      }
    }
    // A well-formed (if unknown) key id on a session route is no sign-in.
    const key = { 'x-khata-key-id': 'kh_live_0123abcd' };
    for (const [route, rule] of Object.entries(EXPECTED)) {
      if (rule === 'public' || rule === 'api-key') continue;
      const answer = await send(route, key);
      if (answer.status !== 401) outcomes.push(`${route} with a key: ${answer.status}`);
    }
    expect(outcomes).toEqual([]);
  });

  it('lets exactly the allowed roles through each route, and refuses the others with 403', async () => {
    const outcomes: string[] = [];
    for (const [route, rule] of Object.entries(EXPECTED)) {
      if (rule === 'public' || rule === 'api-key') continue;
      for (const kind of ROLE_KINDS) {
        const allowed = rule === 'signed-in' || rule.includes(kind);
        const answer = await send(route, bearer(await tokenFor(kind)));
        const refused =
          answer.status === 403 && answer.body.message === 'You are not allowed to do this.';
        if (allowed === refused || answer.status === 401 || answer.status >= 500) {
          outcomes.push(
            `${route} as ${kind}: ${answer.status} ${String(answer.body.message)} (expected ${allowed ? 'through' : '403'})`,
          );
        }
      }
    }
    expect(outcomes).toEqual([]);
    // Every route as every role, one call after another: 12 s on its own at a load of 10, past
    // Jest's 30 s once beside the rest of the suite on two cores.
  }, 120_000);
});
