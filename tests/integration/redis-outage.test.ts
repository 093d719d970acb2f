import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt, randomUUID } from 'node:crypto';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import { accountOf, fund, saveBeneficiary, type SavedBeneficiary } from '../support/payouts.js';
import { privateRedis, type PrivateRedis, unusedPort } from '../support/processes.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

// With Redis stopped, every call answers within a second of its time with Redis up, the limits
// that guard paid calls refuse, and the others count in the process's memory, so nothing moves
// money that a limit would have refused (docs/decisions.md, "Rate limits"). The Redis here is a
// private one on another port; the shared one is never stopped (docs/testing.md).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Who = { user: GivenUser; token: string };

const SLACK_MS = 1000;
let lastAddress = 0;
const newAddress = () => ({ 'x-forwarded-for': `203.0.113.${++lastAddress}` });
const newAccount = () => `${Array.from({ length: 9 }, () => randomInt(0, 10)).join('')}123`;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; answer: T }> {
  const started = performance.now();
  const answer = await run();
  return { ms: Math.round(performance.now() - started), answer };
}

describe('a Redis outage', () => {
  let redis: PrivateRedis;
  let api: TestApi;
  let payer: Who;
  let payee: SavedBeneficiary;
  let receiver: GivenUser;

  beforeAll(async () => {
    redis = privateRedis(await unusedPort());
    await redis.start();
    api = await startTestApi({ REDIS_URL: redis.url });
    const user = await given(api).user();
    await fund(api, user, 100_000_00);
    payer = { user, token: await signIn(api, user) };
    payee = await saveBeneficiary(api, user);
    receiver = await given(api).user();
  }, 30_000);
  afterAll(async () => {
    await redis.start();
    await api.close();
    await redis.stop();
  });

  const post = (path: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
    call<Json>(`${api.url}/api/${path}`, { body, headers: { ...bearer(token), ...headers } });
  const money = (pin: string, headers: Record<string, string> = {}) => ({
    pin,
    'idempotency-key': randomUUID(),
    ...headers,
  });
  const payout = (who: Who, to: SavedBeneficiary, headers: Record<string, string> = {}) =>
    post(
      'payment/bankTransfer',
      who.token,
      {
        amount: 100,
        beneficiaryName: to.name,
        beneficiaryAccountNumber: to.accountNumber,
        beneficiaryIfscCode: to.ifsc,
        paymentMode: 'IMPS',
        confirmDuplicate: true,
      },
      money(who.user.pin, headers),
    );
  const login = (user: GivenUser, password: string, address: Record<string, string>) =>
    call<Json>(`${api.url}/api/auth/login`, {
      body: { mobile: user.mobile, password },
      headers: address,
    });
  const verifyAccount = (who: Who) =>
    post('user/verifyBankAccount', who.token, {
      name: 'x',
      accountNumber: newAccount(),
      ifscCode: 'SBIN0001234',
      consent: 'Y',
    });
  const count = async (sql: string, params: unknown[]) =>
    (await query<{ n: number }>(api, sql, params))[0]!.n;

  /** The calls the issue measured; each is prepared (users, sign-ins) before the clock starts. */
  const calls = {
    wrongPin: async () => {
      const user = await given(api).user();
      const token = await signIn(api, user);
      return () => post('user/logoutAllSessions', token, {}, money('9876', newAddress()));
    },
    signIn: async () => {
      const user = await given(api).user();
      return () => login(user, user.password, newAddress());
    },
    payout: async () => () => payout(payer, payee),
    walletTransfer: async () => () =>
      post(
        'user/sendMoneyToWallet',
        payer.token,
        { mobile: receiver.mobile, amount: 10, remark: 'stock', name: receiver.name },
        money(payer.user.pin),
      ),
  };
  const expected = { wrongPin: 422, signIn: 200, payout: 200, walletTransfer: 200 };
  type Call = keyof typeof calls;
  const names = Object.keys(calls) as Call[];

  async function measure(name: Call): Promise<number> {
    const run = await calls[name]();
    const { ms, answer } = await timed(run);
    expect({ name, status: answer.status }).toEqual({ name, status: expected[name] });
    return ms;
  }

  /** Each call's time with Redis up, then during the outage `begin` starts and `end` ends. */
  async function timesThrough(outage: string, begin: () => unknown, end: () => Promise<void>) {
    const up: Partial<Record<Call, number>> = {};
    const down: Partial<Record<Call, number>> = {};
    for (const name of names) await measure(name); // warm-up
    for (const name of names) up[name] = await measure(name);
    await begin();
    try {
      for (const name of names) down[name] = await measure(name);
    } finally {
      await end();
    }
    const times = names.map((name) => `${name} ${up[name]} / ${down[name]}`).join(', ');
    process.stdout.write(`call times in ms, Redis up / ${outage}: ${times}\n`);
    for (const name of names) {
      expect({ name, slower: down[name]! - up[name]! < SLACK_MS }).toEqual({ name, slower: true });
    }
  }

  it('answers every call within a second of its time with Redis up, Redis stopped', async () => {
    await timesThrough(
      'stopped',
      () => redis.stop(),
      () => redis.start(),
    );
  }, 120_000);

  it('answers every call within a second of its time with Redis up, Redis hung', async () => {
    await timesThrough(
      'hung',
      () => redis.freeze(),
      async () => redis.thaw(),
    );
  }, 120_000);

  describe('while Redis is down', () => {
    let checker: Who;
    let guessers: Who[];
    let spender: Who & { payee: SavedBeneficiary };

    beforeAll(async () => {
      const user = await given(api).user();
      checker = { user, token: await signIn(api, user) };
      const rich = await given(api).user();
      await fund(api, rich, 1000_00);
      spender = {
        user: rich,
        token: await signIn(api, rich),
        payee: await saveBeneficiary(api, rich),
      };
      guessers = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const guesser = await given(api).user();
          return { user: guesser, token: await signIn(api, guesser) };
        }),
      );
      await redis.stop();
    }, 30_000);
    afterAll(() => redis.start());

    it('refuses penny drops and DMT OTPs (they cost money) with 503, and calls no one', async () => {
      const check = await verifyAccount(checker);
      expect({ status: check.status, body: check.body }).toEqual({
        status: 503,
        body: {
          success: false,
          message:
            'Account verification is unavailable right now. Please try again in a few minutes.',
        },
      });
      const checks = 'SELECT count(*)::int AS n FROM bank_account_checks WHERE owner_id = $1';
      expect(await count(checks, [checker.user.id])).toBe(0);

      const remitter = newMobile();
      const otp = await post('user/createBeneficiary', checker.token, {
        AccountNo: newAccount(),
        IfscCode: 'SBIN0001234',
        name: 'Asha Verma',
        bankName: 'State Bank of India',
        type: 'dmt',
        mobile: remitter,
      });
      expect({ status: otp.status, message: otp.body.message }).toEqual({
        status: 503,
        message: 'OTPs cannot be sent right now. Please try again in a few minutes.',
      });
      const otps = 'SELECT count(*)::int AS n FROM beneficiary_otps WHERE mobile = $1';
      expect(await count(otps, [remitter])).toBe(0);
    });

    it('still pauses sign-in for a number after 5 wrong passwords, counting in memory', async () => {
      const target = await given(api).user();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => login(target, 'Wrong@1234', newAddress())),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([
        ...Array(5).fill(401),
        ...Array(7).fill(429),
      ]);
      const right = await login(target, target.password, newAddress());
      expect(right.body.message).toBe(
        'Too many failed sign-in attempts. Please try again in 15 minutes.',
      );
    });

    it('moves no money from an address paused after 20 wrong PINs', async () => {
      const address = newAddress();
      const wrong = await Promise.all(
        guessers.flatMap((who) =>
          Array.from({ length: 4 }, () =>
            post('user/logoutAllSessions', who.token, {}, money('9876', address)),
          ),
        ),
      );
      expect(wrong.map((a) => a.status)).toEqual(Array(20).fill(422));
      const refused = await payout(spender, spender.payee, address);
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 429,
        message: 'Too many wrong PINs from this network. Please try again in 15 minutes.',
      });
      expect(await accountOf(api, spender.user.id)).toEqual({
        posted: 1000_00,
        pending: 0,
        available: 1000_00,
      });
    });
  });

  it('shares the limits through Redis again once it is back', async () => {
    await redis.start();
    const user = await given(api).user();
    const who = { user, token: await signIn(api, user) };
    const answer = await eventually(async () => {
      const check = await verifyAccount(who);
      return check.status === 503 ? undefined : check;
    }, 10_000);
    expect(answer.status).toBe(200);
  });
});
