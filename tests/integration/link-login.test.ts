import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, startTestApi, type Answer, type TestApi, query } from '../support/test-api.js';

interface LoginLink {
  success: boolean;
  token: string;
  path: string;
  expiresAt: string;
  message?: string;
}

const INVALID = { success: false, message: 'This sign-in link is invalid or has expired.' };
const NOT_BELOW = { success: false, message: 'You can only open the account of a user below you.' };

describe('link-token logins', () => {
  const clock = new MovableClock();
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  const createLink = (callerToken: string, mobile: string): Promise<Answer<LoginLink>> =>
    call<LoginLink>(`${api.url}/api/admin/loginLink`, {
      body: { mobile },
      headers: bearer(callerToken),
    });
  const linkFor = async (target: GivenUser, callerToken = adminToken): Promise<string> => {
    const answer = await createLink(callerToken, target.mobile);
    expect(answer.status).toBe(200);
    return answer.body.token;
  };
  const useLink = (token: unknown) =>
    call<{ success: boolean; token: string; profile: Record<string, unknown> }>(
      `${api.url}/api/auth/link-login`,
      { body: { token }, headers: { 'user-agent': 'link-test' } },
    );

  it("signs in as the retailer: the session answers the retailer's profile and names the admin", async () => {
    const retailer = await given(api).user({ name: 'Ravi Kumar' });
    const link = await createLink(adminToken, retailer.mobile);
    expect(link.status).toBe(200);
    expect(link.body).toEqual({
      success: true,
      token: expect.stringMatching(/^[\w-]{43}$/),
      path: `/loginIntoUser/${link.body.token}`,
      expiresAt: expect.any(String),
    });
    const lifetime = Date.parse(link.body.expiresAt) - clock.now().getTime();
    expect(lifetime).toBeGreaterThan(4.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);

    const login = await useLink(link.body.token);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      profile: { _id: retailer.id, name: 'Ravi Kumar', phoneNumber: retailer.mobile },
    });
    const userData = await call(`${api.url}/api/user/userData`, {
      body: {},
      headers: bearer(login.body.token),
    });
    expect(userData.status).toBe(200);
    expect(userData.body.profile).toMatchObject({ _id: retailer.id, role: 'khataEmployee2' });

    const [session] = await query<{ id: string; kind: string; opened_by: string }>(
      api,
      'SELECT id, kind, opened_by FROM sessions WHERE user_id = $1',
      [retailer.id],
    );
    expect(session).toMatchObject({ kind: 'link', opened_by: admin.id });
    const [stored] = await query<{ session_id: string; used: boolean }>(
      api,
      'SELECT session_id, used_at IS NOT NULL AS used FROM link_tokens WHERE user_id = $1',
      [retailer.id],
    );
    expect(stored).toEqual({ session_id: session!.id, used: true });
  });

  it.each([
    ['sdistributor', '/loginIntoSuperDistributor/'],
    ['coDistributor', '/loginIntoDistributor/'],
    ['distributor', '/loginIntoDistributor/'],
    ['khataEmployee2', '/loginIntoUser/'],
  ])(
    'sends a %s to %s{token} (a partner is never opened: link-session-limits.test.ts)',
    async (role, path) => {
      const target = await given(api).user({ role });
      const link = await createLink(adminToken, target.mobile);
      expect(link.body.path).toBe(`${path}${link.body.token}`);
    },
  );

  describe('for the distributor tiers', () => {
    // admin > superDistributor > distributor > retailer, and a rival super distributor.
    let superDistributor: GivenUser;
    let distributor: GivenUser;
    let retailer: GivenUser;
    let rivalsRetailer: GivenUser;

    beforeAll(async () => {
      superDistributor = await given(api).user({ role: 'sdistributor', parent: admin });
      distributor = await given(api).user({ role: 'distributor', parent: superDistributor });
      retailer = await given(api).user({ parent: distributor });
      const rival = await given(api).user({ role: 'sdistributor', parent: admin });
      rivalsRetailer = await given(api).user({ parent: rival });
    });

    it('opens its own downline, one and two levels down', async () => {
      const superToken = await signIn(api, superDistributor);
      const cases: [GivenUser, string][] = [
        [retailer, await signIn(api, distributor)],
        [distributor, superToken],
        [retailer, superToken],
      ];
      for (const [target, callerToken] of cases) {
        const login = await useLink(await linkFor(target, callerToken));
        expect(login.status).toBe(200);
        expect(login.body.profile._id).toBe(target.id);
      }
      const openers = await query<{ opened_by: string }>(
        api,
        'SELECT opened_by FROM sessions WHERE user_id = $1 ORDER BY created_at',
        [retailer.id],
      );
      expect(openers).toEqual([{ opened_by: distributor.id }, { opened_by: superDistributor.id }]);
    });

    it("refuses another distributor's user, its upline, an admin and itself", async () => {
      const distributorToken = await signIn(api, distributor);
      for (const target of [rivalsRetailer, superDistributor, admin, distributor]) {
        const answer = await createLink(distributorToken, target.mobile);
        expect({ mobile: target.mobile, status: answer.status, body: answer.body }).toEqual({
          mobile: target.mobile,
          status: 403,
          body: NOT_BELOW,
        });
      }
      const refusals = await query(
        api,
        `SELECT subject_id FROM audit_log
          WHERE action = 'link-token.create' AND outcome = 'failure' AND actor_id = $1`,
        [distributor.id],
      );
      expect(refusals).toHaveLength(4);
    });
  });

  it('refuses an admin target even to another admin', async () => {
    const otherAdmin = await given(api).user({ role: 'admin', services: [] });
    const answer = await createLink(adminToken, otherAdmin.mobile);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(NOT_BELOW);
  });

  it('keeps the call from retailers', async () => {
    const retailer = await given(api).user();
    const child = await given(api).user({ parent: retailer });
    const answer = await createLink(await signIn(api, retailer), child.mobile);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ success: false, message: 'You are not allowed to do this.' });
  });

  it('answers an unknown number like one it may not open, and 400 for a malformed one', async () => {
    const unknown = await createLink(adminToken, '6000000001');
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(NOT_BELOW);
    const malformed = await createLink(adminToken, '12345');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: 'Mobile number must be 10 digits' });
  });

  it('works once: the second use answers 401 with the message and no session code', async () => {
    const token = await linkFor(await given(api).user());
    expect((await useLink(token)).status).toBe(200);
    const again = await useLink(token);
    expect(again.status).toBe(401);
    expect(again.body).toEqual(INVALID);
  });

  it('gives exactly one session to ten simultaneous uses of one token', async () => {
    const target = await given(api).user();
    const token = await linkFor(target);
    const answers = await Promise.all(Array.from({ length: 10 }, () => useLink(token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 401, 401, 401, 401, 401, 401, 401, 401, 401,
    ]);
    const sessions = await query(api, 'SELECT id FROM sessions WHERE user_id = $1', [target.id]);
    expect(sessions).toHaveLength(1);
  });

  it('refuses unknown and malformed tokens with 401, and a missing one with 400', async () => {
    for (const token of ['A'.repeat(43), 'not a token', 'x'.repeat(5000)]) {
      const answer = await useLink(token);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: INVALID });
    }
    const missing = await call(`${api.url}/api/auth/link-login`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ success: false, message: 'The sign-in link has no token.' });
  });

  it('writes no audit row for a malformed token (issue 31)', async () => {
    const before = await query<{ n: string }>(
      api,
      "SELECT count(*) AS n FROM audit_log WHERE action = 'auth.link-login'",
    );
    for (const token of ['not a token', 'x'.repeat(5000), '']) {
      expect((await useLink(token)).status).toBe(token === '' ? 400 : 401);
    }
    const after = await query<{ n: string }>(
      api,
      "SELECT count(*) AS n FROM audit_log WHERE action = 'auth.link-login'",
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('takes 30 refused links in 15 minutes from one address, under a burst, then answers 429 (issue 31)', async () => {
    const from = { 'user-agent': 'link-test', 'x-forwarded-for': '203.0.113.77' };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(`${api.url}/api/auth/link-login`, {
          body: { token: i % 2 ? 'B'.repeat(43) : 'not a token' },
          headers: from,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(answers.find((answer) => answer.status === 429)!.body).toEqual({
      success: false,
      message: expect.stringMatching(
        /^Too many sign-in links were tried from here\. Please try again in \d+ minutes?\.$/,
      ),
    });
    // Another address is untouched, and a good link still signs in from there.
    const elsewhere = await useLink(
      await linkFor(await given(api).user({ role: 'khataEmployee2' })),
    );
    expect(elsewhere.status).toBe(200);
  });

  it('refuses a blocked user with 403, and spends the token', async () => {
    const blocked = await given(api).user({ status: 'blocked' });
    const token = await linkFor(blocked);
    const answer = await useLink(token);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      success: false,
      message: 'This account is blocked. Please contact support.',
    });
    await query(api, "UPDATE users SET status = 'active' WHERE id = $1", [blocked.id]);
    expect((await useLink(token)).status).toBe(401);
  });

  it('stores only the SHA-256 of the token', async () => {
    const target = await given(api).user();
    const token = await linkFor(target);
    const [stored] = await query<{ token_hash: Buffer }>(
      api,
      'SELECT token_hash FROM link_tokens WHERE user_id = $1',
      [target.id],
    );
    expect(stored!.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(stored!.token_hash.toString('latin1')).not.toContain(token);
  });

  it('audits the creation, the use and the failed use, without the token', async () => {
    const target = await given(api).user();
    const token = await linkFor(target);
    await useLink(token);
    await useLink(token);
    const rows = await query<{
      action: string;
      outcome: string;
      actor_id: string | null;
      details: Record<string, unknown>;
    }>(
      api,
      `SELECT action, outcome, actor_id, details FROM audit_log
        WHERE subject_id = $1 AND action IN ('link-token.create', 'auth.link-login') ORDER BY id`,
      [target.id],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'link-token.create',
        outcome: 'success',
        actor_id: admin.id,
      }),
      expect.objectContaining({
        action: 'auth.link-login',
        outcome: 'success',
        actor_id: target.id,
        details: expect.objectContaining({ createdBy: admin.id }),
      }),
      expect.objectContaining({
        action: 'auth.link-login',
        outcome: 'failure',
        details: expect.objectContaining({ createdBy: admin.id, reason: 'used' }),
      }),
    ]);
    const everything = await query<{ row: string }>(
      api,
      'SELECT row_to_json(a)::text AS row FROM audit_log a',
    );
    const hashHex = createHash('sha256').update(token).digest('hex');
    for (const { row } of everything) {
      expect(row).not.toContain(token);
      expect(row).not.toContain(hashHex);
    }
  });

  // Last: it moves the clock for the whole file.
  it('refuses a token once its 5 minutes are over, and says why in the audit log', async () => {
    const target = await given(api).user();
    const token = await linkFor(target);
    clock.advance({ minutes: 5, seconds: 1 });
    const answer = await useLink(token);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID);
    const [failure] = await query<{ details: { reason: string } }>(
      api,
      "SELECT details FROM audit_log WHERE action = 'auth.link-login' AND subject_id = $1",
      [target.id],
    );
    expect(failure!.details.reason).toBe('expired');
  });
});
