import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Messages } from '@khata/domain';
import { RouteCatalog } from '../../apps/api/src/auth/route-catalog.js';
import { SessionsService } from '../../apps/api/src/auth/sessions.service.js';
import type { SessionKind } from '../../apps/api/src/auth/sessions.repository.js';
import { Db } from '../../apps/api/src/database/unit-of-work.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Issue 31, item 3: a session opened by a sign-in link (an upline or an admin in the user's
 * account) cannot take the account over. Written from the issue, not read from the code: every
 * route that sets credentials, makes an API key, submits KYC or moves money, with the role that
 * may call it (so the refusal seen is the link's, not the role's).
 */
type Caller = 'retailer' | 'distributor' | 'admin' | 'partner';
const REFUSED: Record<string, Caller> = {
  // Credentials: one's own password, PIN and mobile (the sign-in name and the OTP's phone), and
  // a downline's temporary ones.
  'POST /api/auth/setCredentials': 'retailer',
  'POST /api/user/cPanel-ChangePin': 'retailer',
  'POST /api/user/changeMobileOtp': 'retailer',
  'POST /api/user/changeMobile': 'retailer',
  'POST /api/admin/resetCredentials': 'distributor',
  // A partner's keys.
  'POST /api/partner/apiKeys/createOtp': 'partner',
  'POST /api/partner/apiKeys/create': 'partner',
  // KYC, the PAN included.
  'POST /api/user/kyc': 'retailer',
  'POST /api/user/pan': 'retailer',
  // Money: payouts and AEPS settlement (bankTransfer with type aeps), wallet transfers, paying a
  // downline, approving a fund request (the approver's wallet pays), and the admin's movements.
  'POST /api/payment/bankTransfer': 'retailer',
  'POST /api/user/sendMoneyToWallet': 'retailer',
  // Issue 25: a DMT transfer and its refund, and the customer OTPs that lead to them.
  'POST /api/dmt/transfer/otp': 'retailer',
  'POST /api/dmt/transfer': 'retailer',
  'POST /api/dmt/refund/otp': 'retailer',
  'POST /api/dmt/refund': 'retailer',
  'POST /api/dmt/transfer/resolve': 'admin',
  'POST /api/ppi/transfer/otp': 'retailer',
  'POST /api/ppi/transfer': 'retailer',
  'POST /api/ppi/refund/otp': 'retailer',
  'POST /api/ppi/refund': 'retailer',
  'POST /api/user/sendMoneyToDownline': 'distributor',
  // Issue 26: the AEPS balance to the main wallet; AEPS at the counter (the agent's biometric
  // calls and a customer's transaction).
  'POST /api/aeps/balance/move': 'retailer',
  'POST /api/aeps/agent/register': 'retailer',
  'POST /api/aeps/agent/daily-auth': 'retailer',
  'POST /api/aeps/transactions': 'retailer',
  // Issue 27: a bill fetched and paid, and the BBPS complaints raised in the shop's name.
  'POST /api/bbps/bills/fetch': 'retailer',
  'POST /api/bbps/payments': 'retailer',
  'POST /api/bbps/payments/:id/complaints': 'retailer',
  'POST /api/bbps/complaints': 'retailer',
  // Issue 28: a rent agreement drafted, paid, stamped or cancelled (refunded) in the shop's
  // name, and its parties' e-signatures.
  'POST /api/rent-agreements': 'retailer',
  'POST /api/rent-agreements/:id/pay': 'retailer',
  'POST /api/rent-agreements/:id/stamp': 'retailer',
  'POST /api/rent-agreements/:id/cancel': 'retailer',
  'POST /api/rent-agreements/:id/parties/:partyId/otp': 'retailer',
  'POST /api/rent-agreements/:id/parties/:partyId/sign': 'retailer',
  // Issue 28: loading the wallet through a gateway, and an admin's refund of a load.
  'POST /api/pg/orders': 'retailer',
  'POST /api/pg/orders/:id/refund': 'admin',
  'POST /api/admin/paymentApproval': 'distributor',
  'POST /api/admin/unlimitedPayout': 'admin',
  'POST /api/admin/creditWallet': 'admin',
  'POST /api/admin/debitWallet': 'admin',
  'POST /api/admin/payouts/payCompensation': 'admin',
  'POST /api/admin/payouts/resolve': 'admin',
  'POST /api/admin/lien': 'admin',
  'POST /api/admin/lien/release': 'admin',
  'POST /api/admin/securityDeposit': 'admin',
  'POST /api/admin/securityDeposit/release': 'admin',
  // The second admin's approval of money another admin sent (item 4).
  'POST /api/admin/approvals/decide': 'admin',
};

const LINK_REFUSED = { success: false, message: Messages.linkSessionRefused };
const NOT_OPENABLE =
  'A sign-in link cannot open a partner account or one that holds the staff service. Its holder must sign in with their own password.';

describe('a session opened by a sign-in link (issue 31)', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const callers = new Map<Caller, GivenUser>();

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    const distributor = await given(api).user({ role: 'distributor', parent: admin });
    callers.set('admin', admin);
    callers.set('distributor', distributor);
    callers.set('retailer', await given(api).user({ parent: distributor }));
    callers.set('partner', await given(api).user({ role: 'partner' }));
  });
  afterAll(() => api.close());

  /** A session of the caller's user as the link door or the login door opens it. */
  async function sessionOf(caller: Caller, kind: SessionKind): Promise<string> {
    const context = { ip: '127.0.0.1', latitude: null, longitude: null, userAgent: 'link-test' };
    const user = callers.get(caller)!;
    const opened = await api.app
      .get(SessionsService)
      .open(
        api.app.get(Db),
        { id: user.id, elevated: false },
        kind,
        { ...context, requestId: null },
        kind === 'link' ? admin.id : undefined,
      );
    return opened.token;
  }

  const send = (route: string, token: string, body: unknown = {}) => {
    const [method, path] = route.split(' ') as [string, string];
    return call(`${api.url}${path}`, { method, body, headers: bearer(token) });
  };

  const createLink = (callerToken: string, mobile: string) =>
    call<{ token: string; message?: string }>(`${api.url}/api/admin/loginLink`, {
      body: { mobile },
      headers: bearer(callerToken),
    });
  const useLink = (token: string) =>
    call<{ token: string; message?: string }>(`${api.url}/api/auth/link-login`, {
      body: { token },
    });

  it('is refused exactly these routes, as the route catalogue says', () => {
    const marked = api.app
      .get(RouteCatalog)
      .routes()
      .filter((route) => route.refusedInLinkSession)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(marked).toEqual(Object.keys(REFUSED).sort());
  });

  it('answers 403 with the reason on each of them, while the same call in a signed-in session gets through', async () => {
    const outcomes: Record<string, unknown>[] = [];
    for (const [route, caller] of Object.entries(REFUSED)) {
      const inLink = await send(route, await sessionOf(caller, 'link'));
      const signedIn = await send(
        route,
        await sessionOf(caller, caller === 'partner' ? 'partner' : 'password'),
      );
      outcomes.push({
        route,
        link: { status: inLink.status, body: inLink.body },
        // Past the guard: the empty form is judged (400, 404, 422), never the link's refusal.
        signedInRefusedAsLink: signedIn.body.message === Messages.linkSessionRefused,
        signedInNotAllowed: signedIn.status === 403 || signedIn.status === 401,
      });
    }
    expect(outcomes).toEqual(
      Object.keys(REFUSED).map((route) => ({
        route,
        link: { status: 403, body: LINK_REFUSED },
        signedInRefusedAsLink: false,
        signedInNotAllowed: false,
      })),
    );
  });

  it('lets a link session read the account, and refuses its PIN change end to end', async () => {
    const retailer = await given(api).user({ parent: callers.get('distributor') });
    const link = await createLink(adminToken, retailer.mobile);
    expect(link.status).toBe(200);
    const opened = await useLink(link.body.token);
    expect(opened.status).toBe(200);
    const linkToken = opened.body.token;

    expect((await send('POST /api/user/userData', linkToken)).status).toBe(200);
    expect((await send('POST /api/user/checkBalance', linkToken)).status).toBe(200);
    const changePin = { oldPin: retailer.pin, newPin: '8642' };
    const refused = await send('POST /api/user/cPanel-ChangePin', linkToken, changePin);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: LINK_REFUSED,
    });
    const setOwn = await send('POST /api/auth/setCredentials', linkToken, {
      newPassword: 'Taken@over1',
      newPin: '9753',
    });
    expect(setOwn.status).toBe(403);

    // The holder, signed in with its own password, still can.
    const own = await send(
      'POST /api/user/cPanel-ChangePin',
      await signIn(api, retailer),
      changePin,
    );
    expect(own.status).toBe(200);
  });

  describe('is never opened into a partner or a staff holder', () => {
    it('refuses to make the link, with the reason, and audits it', async () => {
      const partner = await given(api).user({ role: 'partner' });
      const staff = await given(api).user({ role: 'khataEmployee1', services: ['staff'] });
      for (const target of [partner, staff]) {
        const answer = await createLink(adminToken, target.mobile);
        expect({ status: answer.status, message: answer.body.message }).toEqual({
          status: 403,
          message: NOT_OPENABLE,
        });
      }
      const refusals = await query<{ subject_id: string }>(
        api,
        `SELECT subject_id FROM audit_log WHERE action = 'link-token.create'
            AND outcome = 'failure' AND details->>'reason' = 'partner or staff'`,
      );
      expect(refusals.map((row) => row.subject_id).sort()).toEqual([partner.id, staff.id].sort());
    });

    it('refuses a link made before the user was given staff, and opens no session', async () => {
      const employee = await given(api).user({ role: 'khataEmployee1', services: [] });
      const link = await createLink(adminToken, employee.mobile);
      expect(link.status).toBe(200);
      await query(
        api,
        `INSERT INTO user_service_overrides (user_id, service, enabled, changed_by, reason)
         VALUES ($1, 'staff', true, $2, 'test')`,
        [employee.id, admin.id],
      );
      const answer = await useLink(link.body.token);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 403,
        message: NOT_OPENABLE,
      });
      expect(await query(api, 'SELECT id FROM sessions WHERE user_id = $1', [employee.id])).toEqual(
        [],
      );
    });

    it('still opens a plain employee', async () => {
      const employee = await given(api).user({ role: 'khataEmployee1', services: [] });
      const link = await createLink(adminToken, employee.mobile);
      expect((await useLink(link.body.token)).status).toBe(200);
    });
  });
});
