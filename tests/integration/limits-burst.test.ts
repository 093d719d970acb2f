import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt } from 'node:crypto';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import {
  call,
  query,
  startTestApi,
  type Answer,
  type TestApi,
  wrongPasswordChecks,
} from '../support/test-api.js';

// Every rate limit, hit by many more parallel requests than it allows: exactly `limit` of them
// may be evaluated (docs/decisions.md, "Rate limits"). Before the limits were one atomic
// consume-then-decide, a burst passed the check before any request was counted.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let lastAddress = 0;
const newAddress = () => `198.18.${randomInt(0, 250)}.${++lastAddress % 250}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

/** `n` copies of a request, all sent at once. */
const burst = <T>(n: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/** How many answers had each status, e.g. `{ 401: 5, 429: 35 }`. */
function statuses(answers: Answer[]): Record<number, number> {
  const counted: Record<number, number> = {};
  for (const { status } of answers) counted[status] = (counted[status] ?? 0) + 1;
  return counted;
}

/** The one message every 429 of a burst answered. */
function refusals(answers: Answer<Json>[]): string[] {
  return [...new Set(answers.filter((a) => a.status === 429).map((a) => a.body.message))];
}

const newAccount = (ending = '123') =>
  `${Array.from({ length: 9 }, () => randomInt(0, 10)).join('')}${ending}`;

describe('rate limits under a burst of parallel requests', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call<Json>(`${api.url}/api/${path}`, { body, headers });
  const login = (mobile: string, password: string, address: string) =>
    post('auth/login', { mobile, password }, from(address));
  const passwordChecks = (mobile: string) => wrongPasswordChecks(api, mobile);

  it('checks 5 passwords of 40 parallel wrong ones for a number; then even the right one waits', async () => {
    const target = await given(api).user();
    const answers = await burst(40, () => login(target.mobile, 'Wrong@1234', newAddress()));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 35 });
    expect(refusals(answers)).toEqual([
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    ]);
    expect(await passwordChecks(target.mobile)).toBe(5);
    expect((await login(target.mobile, target.password, newAddress())).status).toBe(429);
  });

  it('checks 30 passwords of 60 parallel wrong ones from one address; right ones do not count', async () => {
    const address = newAddress();
    const users = await Promise.all(Array.from({ length: 5 }, () => given(api).user()));
    const right = await Promise.all(users.map((u) => login(u.mobile, u.password, address)));
    expect(statuses(right)).toEqual({ 200: 5 });
    const wrong = await burst(60, () => login(newMobile(), 'Wrong@1234', address));
    expect(statuses(wrong)).toEqual({ 401: 30, 429: 30 });
  });

  it('takes 10 of 30 parallel sign-ups from one address', async () => {
    const address = newAddress();
    const taken = await given(api).user();
    const answers = await burst(30, (i) =>
      post(
        'auth/signup',
        {
          name: 'Ravi Kumar',
          mobile: i % 2 ? taken.mobile : newMobile(),
          password: 'Kirana@2024-shop',
          pin: '4321',
          otp: '123456',
        },
        from(address),
      ),
    );
    // The limit is taken before the OTP is looked at: no OTP was sent, so each evaluated one
    // answers 422, and the rest 429.
    const counted = statuses(answers);
    expect(counted[422]).toBe(10);
    expect(counted[429]).toBe(20);
    expect(refusals(answers)).toEqual([
      'Too many sign-ups from this network. Please try again in 60 minutes.',
    ]);
  });

  describe('signed-in limits', () => {
    async function signedIn(spec: Parameters<ReturnType<typeof given>['user']>[0] = {}) {
      const user = await given(api).user(spec);
      return { user, token: await signIn(api, user) };
    }

    it('sends 20 of 40 parallel penny drops to the bank', async () => {
      const { user, token } = await signedIn();
      const answers = await burst(40, () =>
        post(
          'user/verifyBankAccount',
          { name: 'x', accountNumber: newAccount(), ifscCode: 'SBIN0001234', consent: 'Y' },
          bearer(token),
        ),
      );
      expect(statuses(answers)).toEqual({ 200: 20, 429: 20 });
      expect(refusals(answers)).toEqual([
        'Too many account verifications. Please try again in 60 minutes.',
      ]);
      const [checks] = await query<{ n: number }>(
        api,
        'SELECT count(*)::int AS n FROM bank_account_checks WHERE owner_id = $1',
        [user.id],
      );
      expect(checks!.n).toBe(20);
    });

    it('sends 5 of 20 parallel DMT OTPs to one number', async () => {
      const { token } = await signedIn();
      const remitter = newMobile();
      const answers = await burst(20, () =>
        post(
          'user/createBeneficiary',
          {
            AccountNo: newAccount(),
            IfscCode: 'SBIN0001234',
            name: 'Asha Verma',
            bankName: 'State Bank of India',
            type: 'dmt',
            mobile: remitter,
          },
          bearer(token),
        ),
      );
      expect(statuses(answers)).toEqual({ 201: 5, 429: 15 });
      expect(refusals(answers)[0]).toMatch(
        /^Too many OTPs sent to this number\. Please try again in 60 minutes\.$/,
      );
      const [otps] = await query<{ n: number }>(
        api,
        'SELECT count(*)::int AS n FROM beneficiary_otps WHERE mobile = $1',
        [remitter],
      );
      expect(otps!.n).toBe(5);
    });

    it('answers 30 of 60 parallel fetchUserInfo look-ups of one caller', async () => {
      const { token } = await signedIn({ role: 'khataEmployee1', services: ['wallet'] });
      const answers = await burst(60, (i) =>
        post('user/fetchUserInfo', { mobile: `60000${String(i).padStart(5, '0')}` }, bearer(token)),
      );
      expect(statuses(answers)).toEqual({ 404: 30, 429: 30 });
    });

    it('checks 20 of 40 parallel wrong PINs from one address, across accounts', async () => {
      const address = newAddress();
      // 4 each: one account's own lock (5 in a row, in Postgres) plays no part.
      const accounts = await Promise.all(Array.from({ length: 10 }, () => signedIn()));
      const answers = await burst(40, (i) =>
        post(
          'user/logoutAllSessions',
          {},
          {
            ...bearer(accounts[i % 10]!.token),
            pin: '9876',
            ...from(address),
          },
        ),
      );
      expect(statuses(answers)).toEqual({ 422: 20, 429: 20 });
      expect(refusals(answers)).toEqual([
        'Too many wrong PINs from this network. Please try again in 15 minutes.',
      ]);
      const [failures] = await query<{ n: number }>(
        api,
        'SELECT sum(pin_failures)::int AS n FROM users WHERE id = ANY($1)',
        [accounts.map((a) => a.user.id)],
      );
      expect(failures!.n).toBe(20);
    });
  });

  it('stores 5 of 30 parallel call-back requests from one address', async () => {
    const address = newAddress();
    const answers = await burst(30, () =>
      post('public/callback-request', { name: 'Ravi', mobile: '9876543210' }, from(address)),
    );
    expect(statuses(answers)).toEqual({ 200: 5, 429: 25 });
    const rows = await query(api, 'SELECT 1 FROM callback_requests WHERE ip = $1', [address]);
    expect(rows).toHaveLength(5);
  });

  describe('numbers outside the caller’s network', () => {
    let admin: GivenUser;
    let outsider: GivenUser;

    beforeAll(async () => {
      admin = await given(api).user({ role: 'admin', services: [] });
      outsider = await given(api).user({ parent: admin });
    });

    const distributor = async () => {
      const user = await given(api).user({ role: 'distributor', parent: admin });
      return { user, token: await signIn(api, user) };
    };
    const loginLink = (token: string, mobile: string) =>
      post('admin/loginLink', { mobile }, bearer(token));
    const register = (token: string, mobile: string) =>
      post(
        'admin/register-user',
        {
          name: 'Ravi Kumar',
          mobile,
          role: 'khataEmployee2',
        },
        bearer(token),
      );
    const probeRefusal =
      'Too many attempts with numbers outside your network. Please try again in 60 minutes.';

    it('answers a registered number outside the network like an unknown one', async () => {
      const { token } = await distributor();
      const [registered, unknown] = await Promise.all([
        loginLink(token, outsider.mobile),
        loginLink(token, newMobile()),
      ]);
      expect({ status: registered.status, body: registered.body }).toEqual({
        status: unknown.status,
        body: unknown.body,
      });
      expect(registered.status).toBe(403);
    });

    it('answers 20 of 40 parallel login-link probes, then refuses the same caller in register-user', async () => {
      const { token } = await distributor();
      const answers = await burst(40, (i) =>
        loginLink(token, i % 2 ? outsider.mobile : newMobile()),
      );
      expect(statuses(answers)).toEqual({ 403: 20, 429: 20 });
      expect(refusals(answers)).toEqual([probeRefusal]);
      const taken = await register(token, outsider.mobile);
      expect({ status: taken.status, message: taken.body.message }).toEqual({
        status: 429,
        message: probeRefusal,
      });
    });

    it('answers 20 of 40 parallel "already exists" to a distributor, and none of its own users counts', async () => {
      const { user, token } = await distributor();
      const own = await given(api).user({ parent: user });
      for (let i = 0; i < 2; i++) {
        expect((await register(token, newMobile())).status).toBe(201);
        expect((await loginLink(token, own.mobile)).status).toBe(200);
      }
      const answers = await burst(40, () => register(token, outsider.mobile));
      expect(statuses(answers)).toEqual({ 409: 20, 429: 20 });
      expect(refusals(answers)).toEqual([probeRefusal]);
    });

    it('does not count an admin’s "already exists"', async () => {
      const token = await signIn(api, admin);
      const answers = await burst(22, () => register(token, outsider.mobile));
      expect(statuses(answers)).toEqual({ 409: 22 });
    });
  });
});
