import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi, query } from '../support/test-api.js';

const at = { latitude: '28.613939', longitude: '77.209023' };

describe('signing in', () => {
  let api: TestApi;
  let retailer: GivenUser;

  beforeAll(async () => {
    api = await startTestApi();
    retailer = await given(api).user({ role: 'khataEmployee2', name: 'Ravi Kumar' });
  });
  afterAll(() => api.close());

  it('answers a token and the profile of spec §3, and records where the sign-in came from', async () => {
    const answer = await call<{ token: string; profile: Record<string, unknown> }>(
      `${api.url}/api/auth/login`,
      {
        body: { mobile: retailer.mobile, password: retailer.password },
        headers: { ...at, 'user-agent': 'khata-test' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(answer.body.profile).toMatchObject({
      _id: retailer.id,
      name: 'Ravi Kumar',
      phoneNumber: retailer.mobile,
      role: 'khataEmployee2',
      companyDetails: { shopName: 'Ravi Kumar Store' },
      accountDetails: { balance: 0, lienAmount: 0, securityAmount: 0 },
      aepsAccount: [],
    });
    const [session] = await query<Record<string, string>>(
      api,
      'SELECT kind, ip, latitude::text, longitude::text, user_agent FROM sessions WHERE user_id = $1',
      [retailer.id],
    );
    expect(session).toEqual({
      kind: 'password',
      ip: '127.0.0.1',
      latitude: '28.613939',
      longitude: '77.209023',
      user_agent: 'khata-test',
    });
    const audit = await query(
      api,
      "SELECT outcome FROM audit_log WHERE action = 'auth.login' AND actor_id = $1",
      [retailer.id],
    );
    expect(audit).toEqual([{ outcome: 'success' }]);
  });

  it('gives the same answer for a wrong password and an unknown number, and audits both', async () => {
    const wrongPassword = await call(`${api.url}/api/auth/login`, {
      body: { mobile: retailer.mobile, password: 'not-it' },
    });
    const unknown = await call(`${api.url}/api/auth/login`, {
      body: { mobile: '6999999999', password: 'x' },
    });
    for (const answer of [wrongPassword, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        success: false,
        message: 'Incorrect mobile number or password.',
      });
    }
    const failures = await query<{ details: { mobile: string } }>(
      api,
      "SELECT details FROM audit_log WHERE action = 'auth.login' AND outcome = 'failure' ORDER BY id",
    );
    expect(failures.map((row) => row.details.mobile)).toEqual([retailer.mobile, '6999999999']);
  });

  it.each([
    [{ password: 'x' }, 'Please input mobile number!'],
    [{ mobile: '98765', password: 'x' }, 'Mobile number must be 10 digits'],
    [{ mobile: '9876543210' }, 'Please input your password!'],
    [{ mobile: '9876543210', password: 'x', role: 'admin' }, 'Unknown field "role".'],
  ])('refuses %j with the message %j', async (body, message) => {
    const answer = await call(`${api.url}/api/auth/login`, { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
  });

  it('accepts a mobile number written with spaces or a dash', async () => {
    const spaced = `${retailer.mobile.slice(0, 5)} ${retailer.mobile.slice(5)}`;
    const answer = await call(`${api.url}/api/auth/login`, {
      body: { mobile: spaced, password: retailer.password },
    });
    expect(answer.status).toBe(200);
  });

  it('pauses sign-in for a number after 5 wrong passwords, even with the right one, and only that number', async () => {
    const target = await given(api).user();
    const bystander = await given(api).user();
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await call(`${api.url}/api/auth/login`, {
        body: { mobile: target.mobile, password: 'guess' },
      });
      expect(answer.status).toBe(401);
    }
    const paused = await call(`${api.url}/api/auth/login`, {
      body: { mobile: target.mobile, password: target.password },
    });
    expect(paused.status).toBe(429);
    expect(paused.body.message).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
    expect(
      (
        await call(`${api.url}/api/auth/login`, {
          body: { mobile: bystander.mobile, password: bystander.password },
        })
      ).status,
    ).toBe(200);
  });

  it('keeps partners and the admin area behind their own doors', async () => {
    const partner = await given(api).user({ role: 'partner', services: [] });
    const atMain = await call(`${api.url}/api/auth/login`, {
      body: { mobile: partner.mobile, password: partner.password },
    });
    expect(atMain.status).toBe(403);
    expect(atMain.body.message).toBe('Partners sign in at the partner login.');
    const atPartner = await call(`${api.url}/api/auth/partner-login`, {
      body: { mobile: retailer.mobile, password: retailer.password },
    });
    expect(atPartner.status).toBe(403);
    expect(atPartner.body.message).toBe('This login is for partners. Please use the main login.');
    expect(await signIn(api, partner, '/api/auth/partner-login')).toBeTruthy();
  });

  it('refuses a blocked account after checking its password', async () => {
    const blocked = await given(api).user({ status: 'blocked' });
    const answer = await call(`${api.url}/api/auth/login`, {
      body: { mobile: blocked.mobile, password: blocked.password },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('This account is blocked. Please contact support.');
  });
});

describe('sessions', () => {
  let api: TestApi;
  let second: TestApi;
  let user: GivenUser;

  beforeAll(async () => {
    api = await startTestApi();
    second = await startTestApi({}, { sharing: api });
    user = await given(api).user();
  });
  afterAll(async () => {
    await second.close();
    await api.close();
  });

  const userData = (target: TestApi, token?: string) =>
    call(`${target.url}/api/user/userData`, { body: {}, headers: token ? bearer(token) : {} });

  it('asks a caller without a token to sign in, without the forced-logout code', async () => {
    const answer = await userData(api);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: 'Please login to continue' });
  });

  it('answers a forged or foreign token with 401 and code 2211', async () => {
    const token = await signIn(api, user);
    const [header, payload] = token.split('.');
    const forged = await userData(api, `${header}.${payload}.${'A'.repeat(43)}`);
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({
      success: false,
      message: 'Your session has ended. Please login again.',
      code: 2211,
    });
  });

  it('ends a logged-out session on every API process within a second', async () => {
    const token = await signIn(api, user);
    expect((await userData(second, token)).status).toBe(200); // the other process has it cached live
    expect(
      (await call(`${api.url}/api/auth/logout`, { body: {}, headers: bearer(token) })).status,
    ).toBe(200);
    const started = Date.now();
    const after = await userData(second, token);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(2211);
  });

  it('answers 2211 once the session has expired', async () => {
    const token = await signIn(api, user);
    const [, payload] = token.split('.');
    const { sid } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string };
    await query(api, "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      sid,
    ]);
    const answer = await userData(second, token);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(2211);
  });

  it('ends the sessions of a user who is blocked', async () => {
    const soonBlocked = await given(api).user();
    const token = await signIn(api, soonBlocked);
    await query(api, "UPDATE users SET status = 'blocked' WHERE id = $1", [soonBlocked.id]);
    expect((await userData(api, token)).body.code).toBe(2211);
  });
});

describe('balances', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('reads the wallet from the accounts table for the user call, with the allowed services', async () => {
    const retailer = await given(api).user({ services: ['wallet', 'payout'] });
    await query(
      api,
      "UPDATE ledger_accounts SET credits_posted = 1234567 WHERE owner_id = $1 AND kind = 'wallet'",
      [retailer.id],
    );
    const answer = await call(`${api.url}/api/user/checkBalance`, {
      body: {},
      headers: bearer(await signIn(api, retailer)),
    });
    expect(answer.body).toEqual({
      success: true,
      balance: 12345.67,
      lienAmount: 0,
      securityAmount: 0,
      aepsBalance: 0,
      available: 12345.67,
      overdraftLimit: 0,
      version: expect.any(Number),
      services: ['wallet', 'payout'],
    });
  });

  it('adds the profit areas to the main balance for the admin call', async () => {
    const distributor = await given(api).user({ role: 'sdistributor', services: [] });
    await query(
      api,
      `UPDATE ledger_accounts SET credits_posted = CASE kind WHEN 'wallet' THEN 50000 ELSE 2550 END
        WHERE owner_id = $1 AND kind IN ('wallet', 'commission')`,
      [distributor.id],
    );
    const answer = await call(`${api.url}/api/admin/checkBalance`, {
      body: {},
      headers: bearer(await signIn(api, distributor)),
    });
    expect(answer.body).toEqual({
      success: true,
      accountDetails: { balance: { mainBalance: 500 }, profitArea: { commission: 25.5 } },
      balance: 525.5,
      available: 500,
      overdraftLimit: 0,
      version: expect.any(Number),
    });
  });

  it('keeps the admin balance call from retailers', async () => {
    const retailer = await given(api).user();
    const answer = await call(`${api.url}/api/admin/checkBalance`, {
      body: {},
      headers: bearer(await signIn(api, retailer)),
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You are not allowed to do this.');
  });
});
