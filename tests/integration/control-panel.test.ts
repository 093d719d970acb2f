import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PinVerifier } from '../../apps/api/src/credentials/pin-verifier.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi, query } from '../support/test-api.js';

// Every test that sends wrong PINs does it from an address of its own (the API trusts the
// loopback proxy's X-Forwarded-For), so the per-address pause of one test cannot reach another.
let lastAddress = 0;
const newAddress = () => ({ 'x-forwarded-for': `198.51.100.${++lastAddress}` });

const lockedFor = (minutes: number) =>
  `Too many wrong PINs. Money movement is locked for ${minutes} minutes.`;

describe('the control panel', () => {
  const clock = new MovableClock();
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({}, { clock });
  });
  afterAll(() => api.close());

  async function signInAs(user: GivenUser, headers: Record<string, string> = {}) {
    const answer = await call<{ token: string }>(`${api.url}/api/auth/login`, {
      body: { mobile: user.mobile, password: user.password },
      headers,
    });
    expect(answer.status).toBe(200);
    const token = answer.body.token;
    const payload = token.split('.')[1]!;
    const { sid } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string };
    return { token, sessionId: sid };
  }

  const post = (
    path: string,
    token: string,
    { body = {}, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ) => call(`${api.url}/api/user/${path}`, { body, headers: { ...bearer(token), ...headers } });

  const changePin = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    post('cPanel-ChangePin', token, { body, headers });

  const logoutAll = (
    token: string,
    pin: string | undefined,
    headers: Record<string, string> = {},
  ) =>
    post('logoutAllSessions', token, {
      headers: { ...(pin === undefined ? {} : { pin }), ...headers },
    });

  /** Any signed-in call: 200 while the session lives, 401 with code 2211 once it ended. */
  const stillSignedIn = (token: string) => post('cPanel-Logs', token);

  const audited = (userId: string, action: string) =>
    query<{ outcome: string; details: Record<string, unknown> }>(
      api,
      'SELECT outcome, details FROM audit_log WHERE actor_id = $1 AND action = $2 ORDER BY id',
      [userId, action],
    );

  const pinCounters = async (userId: string) =>
    (
      await query<{ failures: number; locked: boolean }>(
        api,
        `SELECT pin_failures AS failures, pin_locked_until IS NOT NULL AS locked
           FROM users WHERE id = $1`,
        [userId],
      )
    )[0];

  describe('change PIN', () => {
    it('stores the new PIN: the old one stops working, the new one works, and it is audited', async () => {
      const user = await given(api).user({ pin: '1234' });
      const { token } = await signInAs(user);

      const answer = await changePin(token, { oldPin: '1234', newPin: '567890' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: 'PIN changed successfully.' });

      const verifier = api.app.get(PinVerifier);
      const context = {
        ip: '192.0.2.10',
        latitude: null,
        longitude: null,
        userAgent: null,
        requestId: null,
      };
      await expect(verifier.verify({ userId: user.id }, '1234', context)).rejects.toMatchObject({
        kind: 'refused',
        message: 'Incorrect PIN. 4 tries left.',
      });
      await expect(
        verifier.verify({ userId: user.id }, '567890', context),
      ).resolves.toBeUndefined();
      expect(await pinCounters(user.id)).toEqual({ failures: 0, locked: false });
      expect(await audited(user.id, 'pin.change')).toEqual([{ outcome: 'success', details: {} }]);
    });

    it.each([
      [{}, 'Both Old PIN and New PIN are required!'],
      [{ oldPin: '1234' }, 'Both Old PIN and New PIN are required!'],
      [{ oldPin: '', newPin: '5678' }, 'Both Old PIN and New PIN are required!'],
      [{ oldPin: 1234, newPin: 5678 }, 'Both Old PIN and New PIN are required!'],
      [{ oldPin: '12a4', newPin: '5678' }, 'PIN should contain only numbers'],
      [{ oldPin: '1234', newPin: '56 78' }, 'PIN should contain only numbers'],
      [{ oldPin: '123', newPin: '5678' }, 'PIN must be 4 to 10 digits.'],
      [{ oldPin: '1234', newPin: '12345678901' }, 'PIN must be 4 to 10 digits.'],
      [{ oldPin: '1234', newPin: '1234' }, 'New PIN must be different from Old PIN.'],
      [{ oldPin: '1234', newPin: '5678', pin: '1234' }, 'Unknown field "pin".'],
    ])('refuses %j with %j, without counting a wrong PIN', async (body, message) => {
      const user = await given(api).user({ pin: '1234' });
      const answer = await changePin((await signInAs(user)).token, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, message });
      expect(await pinCounters(user.id)).toEqual({ failures: 0, locked: false });
    });

    it('refuses a wrong old PIN with the tries left, keeps the PIN, and audits the failure', async () => {
      const user = await given(api).user({ pin: '1234' });
      const { token } = await signInAs(user);
      const answer = await changePin(token, { oldPin: '9999', newPin: '5678' }, newAddress());
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ success: false, message: 'Incorrect PIN. 4 tries left.' });
      expect(await pinCounters(user.id)).toEqual({ failures: 1, locked: false });
      expect(await audited(user.id, 'pin.change')).toEqual([
        { outcome: 'failure', details: { reason: 'Incorrect PIN. 4 tries left.' } },
      ]);
      // Still the old PIN, and a right PIN clears the count.
      expect((await changePin(token, { oldPin: '1234', newPin: '5678' })).status).toBe(200);
      expect(await pinCounters(user.id)).toEqual({ failures: 0, locked: false });
    });
  });

  describe('PIN lockout', () => {
    it('locks money movement for 30 minutes at the 5th wrong PIN, refuses the right PIN meanwhile, and lifts after', async () => {
      const user = await given(api).user({ pin: '2468' });
      const { token } = await signInAs(user);
      const from = newAddress();

      const answers: string[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await logoutAll(token, '1111', from);
        answers.push(`${answer.status} ${String(answer.body.message)}`);
      }
      expect(answers).toEqual([
        '422 Incorrect PIN. 4 tries left.',
        '422 Incorrect PIN. 3 tries left.',
        '422 Incorrect PIN. 2 tries left.',
        '422 Incorrect PIN. 1 try left.',
        `429 ${lockedFor(30)}`,
      ]);
      expect(await pinCounters(user.id)).toEqual({ failures: 0, locked: true });
      expect((await audited(user.id, 'pin.locked')).map((row) => row.outcome)).toEqual(['success']);

      const rightPinWhileLocked = await logoutAll(token, '2468', from);
      expect(rightPinWhileLocked.status).toBe(429);
      expect(rightPinWhileLocked.body).toEqual({ success: false, message: lockedFor(30) });
      const changeWhileLocked = await changePin(token, { oldPin: '2468', newPin: '1357' }, from);
      expect(changeWhileLocked.status).toBe(429);

      clock.advance({ minutes: 10, seconds: 30 });
      expect((await logoutAll(token, '2468', from)).body.message).toBe(lockedFor(20));

      clock.advance({ minutes: 19, seconds: 31 });
      const afterLock = await logoutAll(token, '2468', from);
      expect(afterLock.status).toBe(200);
      expect(afterLock.body).toEqual({ success: true, message: 'Logged out of 1 session.' });
      expect(await pinCounters(user.id)).toEqual({ failures: 0, locked: false });
      expect((await audited(user.id, 'session.revoke-all')).map((row) => row.outcome)).toEqual([
        'failure',
        'failure',
        'failure',
        'failure',
        'failure',
        'failure',
        'failure',
        'success',
      ]);
    });

    it('counts two wrong PINs sent at the same moment as two', async () => {
      const user = await given(api).user({ pin: '1234' });
      const { token } = await signInAs(user);
      const from = newAddress();
      const answers = await Promise.all([
        changePin(token, { oldPin: '0000', newPin: '5678' }, from),
        changePin(token, { oldPin: '0001', newPin: '5678' }, from),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([422, 422]);
      expect(answers.map((answer) => answer.body.message).sort()).toEqual([
        'Incorrect PIN. 3 tries left.',
        'Incorrect PIN. 4 tries left.',
      ]);
      expect(await pinCounters(user.id)).toEqual({ failures: 2, locked: false });
    });

    it('locks once when wrong PINs race past the limit, and every one of them is refused', async () => {
      const user = await given(api).user({ pin: '1234' });
      const { token } = await signInAs(user);
      const from = newAddress();
      for (let attempt = 0; attempt < 3; attempt++) await logoutAll(token, '9999', from);
      const answers = await Promise.all(
        ['9990', '9991', '9992'].map((pin) => logoutAll(token, pin, from)),
      );
      const outcomes = answers.map((answer) => `${answer.status} ${String(answer.body.message)}`);
      expect(outcomes.sort()).toEqual([
        `422 Incorrect PIN. 1 try left.`,
        `429 ${lockedFor(30)}`,
        `429 ${lockedFor(30)}`,
      ]);
      expect((await audited(user.id, 'pin.locked')).length).toBe(1);
      expect(await pinCounters(user.id)).toEqual({ failures: 0, locked: true });
    });

    it('pauses PIN checks from an address after 20 wrong PINs across accounts, right PINs included', async () => {
      const from = newAddress();
      for (let account = 0; account < 5; account++) {
        const user = await given(api).user({ pin: '1234' });
        const { token } = await signInAs(user);
        for (let attempt = 0; attempt < 4; attempt++) {
          expect((await logoutAll(token, '4321', from)).status).toBe(422);
        }
      }
      const fresh = await given(api).user({ pin: '1234' });
      const { token } = await signInAs(fresh);
      const paused = await logoutAll(token, '1234', from);
      expect(paused.status).toBe(429);
      expect(paused.body).toEqual({
        success: false,
        message: 'Too many wrong PINs from this network. Please try again in 15 minutes.',
      });
      expect((await logoutAll(token, '1234', newAddress())).status).toBe(200);
    });
  });

  describe('login history and account details', () => {
    it('shows exactly the last 2 sign-ins, newest first, with their address and location, and the balance', async () => {
      const user = await given(api).user();
      await signInAs(user, {
        latitude: '12.971599',
        longitude: '77.594566',
        'x-forwarded-for': '203.0.113.1',
      });
      const second = await signInAs(user, {
        latitude: '19.076090',
        longitude: '72.877426',
        'x-forwarded-for': '203.0.113.2',
      });
      const third = await signInAs(user, {
        latitude: '28.613939',
        longitude: '-77.209023',
        'x-forwarded-for': '203.0.113.3',
      });
      await query(
        api,
        `UPDATE ledger_accounts SET credits_posted = CASE kind WHEN 'wallet' THEN 123450 ELSE 5000 END
          WHERE owner_id = $1 AND kind IN ('wallet', 'lien')`,
        [user.id],
      );

      const answer = await post('cPanel-Logs', third.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: true,
        message: 'Login history and account details.',
        data: {
          logins: [
            {
              date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
              ip: '203.0.113.3',
              location: { lat: '28.613939', long: '-77.209023' },
              loginId: third.sessionId,
              current: true,
            },
            {
              date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
              ip: '203.0.113.2',
              location: { lat: '19.076090', long: '72.877426' },
              loginId: second.sessionId,
              current: false,
            },
          ],
          // Set straight on the projection: the log (and so this month's totals) holds nothing.
          accountDetails: {
            balance: 1234.5,
            lienAmount: 50,
            securityAmount: 0,
            totalCredit: 0,
            totalPayIn: 0,
            totalPayOut: 0,
            openingBalance: 0,
            closingBalance: 0,
          },
        },
      });
      const [newest, older] = (answer.body.data as { logins: { date: string }[] }).logins;
      expect(Date.parse(newest!.date)).toBeGreaterThanOrEqual(Date.parse(older!.date));
    });

    it('shows a sign-in without a location as null coordinates', async () => {
      const user = await given(api).user();
      const { token } = await signInAs(user);
      const answer = await post('cPanel-Logs', token);
      expect((answer.body.data as { logins: unknown[] }).logins).toEqual([
        expect.objectContaining({ location: { lat: null, long: null }, current: true }),
      ]);
    });
  });

  describe('log out this session', () => {
    it('ends another session of the caller at once and keeps the current one', async () => {
      const user = await given(api).user();
      const here = await signInAs(user);
      const there = await signInAs(user);
      const answer = await post('logoutThisSession', here.token, {
        body: { loginId: there.sessionId },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: 'Logged out of that device.' });
      const ended = await stillSignedIn(there.token);
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({
        success: false,
        message: 'You were signed out from another device.',
        code: 2211,
        reason: 'signed-out-elsewhere',
      });
      expect((await stillSignedIn(here.token)).status).toBe(200);
      expect(await audited(user.id, 'session.revoke')).toEqual([
        { outcome: 'success', details: { loginId: there.sessionId, current: false } },
      ]);
    });

    it('may end the current session itself', async () => {
      const user = await given(api).user();
      const here = await signInAs(user);
      const answer = await post('logoutThisSession', here.token, {
        body: { loginId: here.sessionId },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: 'Logged out of this session.' });
      expect((await stillSignedIn(here.token)).body).toMatchObject({
        code: 2211,
        reason: 'logout',
      });
    });

    it("answers 404 for another user's session and leaves that session alone", async () => {
      const user = await given(api).user();
      const other = await given(api).user();
      const { token } = await signInAs(user);
      const theirs = await signInAs(other);
      const answer = await post('logoutThisSession', token, {
        body: { loginId: theirs.sessionId },
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, message: 'Failed to logout this session.' });
      expect((await stillSignedIn(theirs.token)).status).toBe(200);
      expect(await audited(user.id, 'session.revoke')).toEqual([
        { outcome: 'failure', details: { loginId: theirs.sessionId, current: false } },
      ]);
    });

    it('answers the same 404 for an unknown, malformed or already ended session', async () => {
      const user = await given(api).user();
      const { token } = await signInAs(user);
      const ended = await signInAs(user);
      await post('logoutThisSession', token, { body: { loginId: ended.sessionId } });
      for (const loginId of [ended.sessionId, '00000000-0000-4000-8000-000000000000', 'abc']) {
        const answer = await post('logoutThisSession', token, { body: { loginId } });
        expect({ loginId, status: answer.status, body: answer.body }).toEqual({
          loginId,
          status: 404,
          body: { success: false, message: 'Failed to logout this session.' },
        });
      }
    });

    it.each([[{}], [{ loginId: '' }], [{ loginId: 42 }]])(
      'asks for the session to end when the body is %j',
      async (body) => {
        const user = await given(api).user();
        const answer = await post('logoutThisSession', (await signInAs(user)).token, { body });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          success: false,
          message: 'Please choose a session to log out.',
        });
      },
    );
  });

  describe('log out all sessions', () => {
    it('ends every live session of the caller with the PIN, the current one included', async () => {
      const user = await given(api).user({ pin: '8642' });
      const bystander = await given(api).user();
      const here = await signInAs(user);
      const there = await signInAs(user);
      const theirs = await signInAs(bystander);

      const answer = await logoutAll(here.token, '8642');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: 'Logged out of 2 sessions.' });
      // The session that asked ended itself; the other was signed out from elsewhere.
      expect((await stillSignedIn(here.token)).body).toEqual({
        success: false,
        message: 'Your session has ended. Please login again.',
        code: 2211,
        reason: 'logout',
      });
      const after = await stillSignedIn(there.token);
      expect(after.status).toBe(401);
      expect(after.body).toEqual({
        success: false,
        message: 'You were signed out from another device.',
        code: 2211,
        reason: 'signed-out-elsewhere',
      });
      expect((await stillSignedIn(theirs.token)).status).toBe(200);
      expect(await audited(user.id, 'session.revoke-all')).toEqual([
        { outcome: 'success', details: { sessions: 2 } },
      ]);
    });

    it.each([
      [undefined, 'Please input your PIN!'],
      ['', 'Please input your PIN!'],
      ['12ab', 'PIN should contain only numbers'],
      ['123', 'PIN must be 4 to 10 digits.'],
    ])(
      'refuses the PIN header %j with %j, without counting it or ending anything',
      async (pin, message) => {
        const user = await given(api).user();
        const { token } = await signInAs(user);
        const answer = await logoutAll(token, pin);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ success: false, message });
        expect(await pinCounters(user.id)).toEqual({ failures: 0, locked: false });
        expect((await stillSignedIn(token)).status).toBe(200);
      },
    );

    it('refuses a wrong PIN with the tries left and ends nothing', async () => {
      const user = await given(api).user({ pin: '1234' });
      const { token } = await signInAs(user);
      const answer = await logoutAll(token, '4321', newAddress());
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ success: false, message: 'Incorrect PIN. 4 tries left.' });
      expect((await stillSignedIn(token)).status).toBe(200);
    });
  });
});
