import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

// The transaction PIN's lockout escalates (issue 31 item 14): 5 wrong PINs lock money movement
// for 30 minutes, the next 5 for 2 hours, the next 5 for 24 hours, and the next 5 until the PIN
// is reset by an upline or an admin. The user is told by SMS each time.

let lastAddress = 0;
const newAddress = () => ({ 'x-forwarded-for': `203.0.113.${++lastAddress}` });

const lockedFor = (what: string) => `Too many wrong PINs. Money movement is locked for ${what}.`;
const LOCKED_UNTIL_RESET =
  'Too many wrong PINs. Money movement is locked until your PIN is reset: please ask your upline or an admin.';

describe('PIN lockout escalation', () => {
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

  const logoutAll = (token: string, pin: string, headers: Record<string, string> = {}) =>
    call(`${api.url}/api/user/logoutAllSessions`, {
      body: {},
      headers: { ...bearer(token), pin, ...headers },
    });
  /**
   * The texts sent to `mobile` once there are `count` of them (the SMS follows the lock's event),
   * read again a moment later so that one too many would show.
   */
  async function texts(mobile: string, count: number) {
    const read = async () =>
      (
        await query<{ body: string }>(
          api,
          'SELECT body FROM sandbox_sms_outbox WHERE to_mobile = $1 ORDER BY id',
          [mobile],
        )
      ).map((row) => row.body);
    await eventually(async () => ((await read()).length >= count ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    return read();
  }
  const lockouts = async (userId: string) =>
    (
      await query<{ lockouts: number }>(
        api,
        'SELECT pin_lockouts AS lockouts FROM users WHERE id = $1',
        [userId],
      )
    )[0]!.lockouts;

  /**
   * Five wrong PINs in a row, each from an address of its own, in a session opened now (the
   * clock moves past a session's 24 hours here); the last answer.
   */
  async function fiveWrong(user: GivenUser) {
    const token = await signIn(api, user);
    let last = { status: 0, message: '' };
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await logoutAll(token, '1111', newAddress());
      last = { status: answer.status, message: String(answer.body.message) };
    }
    return last;
  }

  it('locks for 30 minutes, then 2 hours, then 24 hours, then until a reset, and texts the user each time', async () => {
    const user = await given(api).user({ pin: '2468' });
    try {
      expect(await fiveWrong(user)).toEqual({ status: 429, message: lockedFor('30 minutes') });
      clock.advance({ minutes: 31 });
      expect(await fiveWrong(user)).toEqual({ status: 429, message: lockedFor('2 hours') });
      clock.advance({ minutes: 61 });
      const token = await signIn(api, user);
      expect((await logoutAll(token, '2468', newAddress())).body.message).toBe(
        lockedFor('59 minutes'),
      );
      clock.advance({ minutes: 60 });
      expect(await fiveWrong(user)).toEqual({ status: 429, message: lockedFor('24 hours') });
      clock.advance({ minutes: 24 * 60 + 1 });
      expect(await fiveWrong(user)).toEqual({ status: 429, message: LOCKED_UNTIL_RESET });
      // No time lifts it, not even the right PIN.
      clock.advance({ minutes: 7 * 24 * 60 });
      const rightPin = await logoutAll(await signIn(api, user), '2468', newAddress());
      expect({ status: rightPin.status, message: rightPin.body.message }).toEqual({
        status: 429,
        message: LOCKED_UNTIL_RESET,
      });
    } finally {
      clock.reset();
    }

    const sent = await texts(user.mobile, 4);
    expect(sent).toEqual([
      expect.stringContaining('money movement is locked for 30 minutes'),
      expect.stringContaining('money movement is locked for 2 hours'),
      expect.stringContaining('money movement is locked for 24 hours'),
      expect.stringContaining('money movement is locked until your PIN is reset'),
    ]);
    expect(sent[0]).toBe(
      'Your Khata PIN was entered wrongly 5 times, so money movement is locked for 30 minutes. ' +
        'If it was not you, change your password and tell your upline.',
    );

    // An admin's reset lifts it, and the next wrong PINs start again at 30 minutes.
    const reset = await call(`${api.url}/api/admin/resetCredentials`, {
      body: { userId: user.id, what: 'pin', reason: 'The retailer was locked out.' },
      headers: { ...bearer(adminToken), pin: admin.pin },
    });
    expect(reset.status).toBe(200);
    expect(await lockouts(user.id)).toBe(0);
  });

  it('a right PIN after a lock ends starts the escalation again', async () => {
    const user = await given(api).user({ pin: '2468' });
    try {
      expect(await fiveWrong(user)).toEqual({ status: 429, message: lockedFor('30 minutes') });
      clock.advance({ minutes: 31 });
      expect((await logoutAll(await signIn(api, user), '2468', newAddress())).status).toBe(200);
    } finally {
      clock.reset();
    }
    expect(await lockouts(user.id)).toBe(0);
  });

  it('counts exactly one lockout, and sends one SMS, when a burst of wrong PINs races past the limit', async () => {
    const user = await given(api).user({ pin: '2468' });
    const token = await signIn(api, user);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => logoutAll(token, String(1000 + i), newAddress())),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(4).fill(422), ...Array(8).fill(429)]);
    expect(await lockouts(user.id)).toBe(1);
    expect(await texts(user.mobile, 1)).toHaveLength(1);
    expect(
      (
        await query(
          api,
          "SELECT 1 FROM audit_log WHERE action = 'pin.locked' AND subject_id = $1",
          [user.id],
        )
      ).length,
    ).toBe(1);
  });

  it('reaches the lock until reset exactly once under a burst at the last step', async () => {
    const user = await given(api).user({ pin: '2468' });
    try {
      for (const step of ['30 minutes', '2 hours', '24 hours']) {
        expect(await fiveWrong(user)).toEqual({ status: 429, message: lockedFor(step) });
        clock.advance({ minutes: 24 * 60 + 1 });
      }
      const token = await signIn(api, user);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => logoutAll(token, String(2000 + i), newAddress())),
      );
      expect(answers.filter((answer) => answer.status === 422)).toHaveLength(4);
      expect(answers.filter((answer) => answer.body.message === LOCKED_UNTIL_RESET)).toHaveLength(
        6,
      );
    } finally {
      clock.reset();
    }
    expect(await lockouts(user.id)).toBe(4);
    expect(await texts(user.mobile, 4)).toHaveLength(4);
  });
});

describe('per-address PIN pause keyed by the IPv6 /64', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const logoutAll = (token: string, pin: string, from: string) =>
    call(`${api.url}/api/user/logoutAllSessions`, {
      body: {},
      headers: { ...bearer(token), pin, 'x-forwarded-for': from },
    });

  /** 20 wrong PINs across 5 accounts, the n-th from `from(n)`; then a right PIN from `then`. */
  async function twentyWrongThenRight(from: (n: number) => string, then: string) {
    for (let account = 0; account < 5; account++) {
      const user = await given(api).user({ pin: '1234' });
      const token = await signIn(api, user);
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await logoutAll(token, '4321', from(account * 4 + attempt))).status).toBe(422);
      }
    }
    const fresh = await given(api).user({ pin: '1234' });
    return logoutAll(await signIn(api, fresh), '1234', then);
  }

  it('pauses a whole /64 once its addresses together sent 20 wrong PINs, and not the next /64', async () => {
    const paused = await twentyWrongThenRight(
      (n) => `2001:db8:7:1:${n.toString(16)}::1`,
      '2001:db8:7:1:ffff:ffff:ffff:fffe',
    );
    expect(paused.status).toBe(429);
    expect(paused.body.message).toBe(
      'Too many wrong PINs from this network. Please try again in 15 minutes.',
    );
    const fresh = await given(api).user({ pin: '1234' });
    expect((await logoutAll(await signIn(api, fresh), '1234', '2001:db8:7:2::1')).status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const paused = await twentyWrongThenRight(
      (n) => (n % 2 === 0 ? '198.18.0.9' : '::ffff:198.18.0.9'),
      '198.18.0.9',
    );
    expect(paused.status).toBe(429);
  });
});
