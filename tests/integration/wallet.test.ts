import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyLedger } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';
import { newTestPool } from '../support/databases.js';

describe('wallet transfers and credits', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(() => api.close());

  const money = (token: string, pin: string, key: string = randomUUID()) => ({
    ...bearer(token),
    pin,
    'idempotency-key': key,
  });

  async function funded(
    rupees: number,
    spec: Parameters<ReturnType<typeof given>['user']>[0] = {},
  ) {
    const user = await given(api).user(spec);
    if (rupees > 0) {
      const credited = await call(`${api.url}/api/admin/creditWallet`, {
        body: { mobile: user.mobile, amount: rupees, remark: 'float' },
        headers: money(adminToken, admin.pin),
      });
      expect(credited.status).toBe(200);
    }
    return { user, token: await signIn(api, user) };
  }

  const balanceOf = async (token: string) =>
    (
      await call<{ balance: number }>(`${api.url}/api/user/checkBalance`, {
        body: {},
        headers: bearer(token),
      })
    ).body.balance;

  it('lets an admin fund a wallet, with a receipt and an audit entry', async () => {
    const retailer = await given(api).user();
    const answer = await call<{ transactionRecord: Record<string, unknown> }>(
      `${api.url}/api/admin/creditWallet`,
      {
        body: { mobile: retailer.mobile, amount: '2500.50', remark: 'opening float' },
        headers: money(adminToken, admin.pin),
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Wallet credited.',
      transactionRecord: {
        type: 'walletCredit',
        status: 'success',
        amount: { amount: 2500.5 },
        balanceAfter: 2500.5,
        payload: {
          orderID: expect.stringMatching(/^KH\d{10}$/),
          data: { beneficiaryMobile: retailer.mobile },
        },
      },
    });
    expect(await balanceOf(await signIn(api, retailer))).toBe(2500.5);
  });

  it('sends money wallet to wallet and shows both balances', async () => {
    const sender = await funded(1000);
    const receiver = await funded(0);
    const answer = await call<{ transactionRecord: Record<string, unknown> }>(
      `${api.url}/api/user/sendMoneyToWallet`,
      {
        body: {
          mobile: receiver.user.mobile,
          amount: 250.25,
          remark: 'stock',
          name: receiver.user.name,
        },
        headers: money(sender.token, sender.user.pin),
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Money sent successfully.',
      transactionRecord: {
        type: 'walletTransfer',
        direction: 'debit',
        balanceAfter: 749.75,
        remitterMobile: sender.user.mobile,
      },
    });
    expect([await balanceOf(sender.token), await balanceOf(receiver.token)]).toEqual([
      749.75, 250.25,
    ]);
  });

  it.each([
    [{ amount: 10 }, 'Please input mobile number!'],
    [{ mobile: '98765', amount: 10 }, 'Mobile number must be 10 digits'],
    [{ mobile: '9876543210' }, 'Please input amount!'],
    [{ mobile: '9876543210', amount: 'ten' }, 'Please enter a valid amount'],
    [{ mobile: '9876543210', amount: 0 }, 'Amount must be greater than zero.'],
    [{ mobile: '9876543210', amount: '1.234' }, 'Amount can have at most 2 decimal places.'],
  ])('refuses %j with %j and moves nothing', async (body, message) => {
    const sender = await funded(100);
    const answer = await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body,
      headers: money(sender.token, sender.user.pin),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
    expect(await balanceOf(sender.token)).toBe(100);
  });

  it('needs the PIN and an Idempotency-Key, and refuses a wrong PIN', async () => {
    const sender = await funded(100);
    const receiver = await given(api).user();
    const send = (headers: Record<string, string>) =>
      call(`${api.url}/api/user/sendMoneyToWallet`, {
        body: { mobile: receiver.mobile, amount: 10 },
        headers,
      });
    const noPin = await send({ ...bearer(sender.token), 'idempotency-key': randomUUID() });
    expect([noPin.status, noPin.body.message]).toEqual([400, 'Please input your PIN!']);
    const noKey = await send({ ...bearer(sender.token), pin: sender.user.pin });
    expect([noKey.status, noKey.body.message]).toEqual([
      400,
      'The Idempotency-Key header is required for a call that moves money.',
    ]);
    const wrongPin = await send(money(sender.token, '9999'));
    expect([wrongPin.status, wrongPin.body.message]).toEqual([422, 'Incorrect PIN. 4 tries left.']);
    expect(await balanceOf(sender.token)).toBe(100);
  });

  it('refuses an unknown recipient, oneself, and more than the balance, moving nothing', async () => {
    const sender = await funded(100);
    const receiver = await given(api).user();
    const send = (mobile: string, amount: number) =>
      call(`${api.url}/api/user/sendMoneyToWallet`, {
        body: { mobile, amount },
        headers: money(sender.token, sender.user.pin),
      });
    const unknown = await send('6000000001', 10);
    expect([unknown.status, unknown.body.message]).toEqual([404, 'User not found']);
    const self = await send(sender.user.mobile, 10);
    expect([self.status, self.body.message]).toEqual([
      422,
      'You cannot send money to your own wallet.',
    ]);
    const tooMuch = await send(receiver.mobile, 100.01);
    expect([tooMuch.status, tooMuch.body.message]).toEqual([422, 'Insufficient balance.']);
    expect(await balanceOf(sender.token)).toBe(100);
  });

  it('answers a retry with the same key with the first receipt and pays once, even 20 at once', async () => {
    const sender = await funded(1000);
    const receiver = await funded(0);
    const key = randomUUID();
    const body = { mobile: receiver.user.mobile, amount: 100 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<{ transactionRecord: { _id: string } }>(`${api.url}/api/user/sendMoneyToWallet`, {
          body,
          headers: money(sender.token, sender.user.pin, key),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.transactionRecord._id)).size).toBe(1);
    expect(
      answers.filter((answer) => answer.headers.get('idempotency-hit') === 'true'),
    ).toHaveLength(19);
    expect([await balanceOf(sender.token), await balanceOf(receiver.token)]).toEqual([900, 100]);

    const otherBody = await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { ...body, amount: 200 },
      headers: money(sender.token, sender.user.pin, key),
    });
    expect([otherBody.status, otherBody.body.message]).toEqual([
      409,
      'This Idempotency-Key was already used for a different request.',
    ]);
  });

  it('pays 30 parallel transfers from an address with one PIN guess left: right PINs are no guesses', async () => {
    const sender = await funded(1000);
    const receiver = await funded(0);
    const office = { 'x-forwarded-for': '198.19.15.1' };
    // 19 wrong PINs from the office (4 a colleague, under the account lock's 5): one point left.
    const colleagues = await Promise.all(Array.from({ length: 5 }, () => funded(0)));
    for (let i = 0; i < 19; i++) {
      const wrong = await call(`${api.url}/api/user/logoutAllSessions`, {
        body: {},
        headers: { ...bearer(colleagues[i % 5]!.token), pin: '9999', ...office },
      });
      expect(wrong.status).toBe(422);
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(`${api.url}/api/user/sendMoneyToWallet`, {
          body: { mobile: receiver.user.mobile, amount: 1 },
          headers: { ...money(sender.token, sender.user.pin), ...office },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    expect([await balanceOf(sender.token), await balanceOf(receiver.token)]).toEqual([970, 30]);
  });

  it('keeps wallet transfers to employees holding the wallet service', async () => {
    const withoutService = await funded(100, { services: ['payout'] });
    const distributor = await funded(100, { role: 'distributor', services: [] });
    for (const { user, token } of [withoutService, distributor]) {
      const answer = await call(`${api.url}/api/user/sendMoneyToWallet`, {
        body: { mobile: admin.mobile, amount: 1 },
        headers: money(token, user.pin),
      });
      expect([answer.status, answer.body.message]).toEqual([
        403,
        'You are not allowed to do this.',
      ]);
    }
  });

  it('leaves a ledger that verifies', async () => {
    const pool = newTestPool(api.databaseUrl, 2);
    try {
      expect((await verifyLedger(pool)).violations).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
