import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { roleName } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

// Issue 23: a distributor tier sends money straight to a user of its own downline, from User
// details, with its PIN, through the ledger, once per Idempotency-Key; never to anyone else.

describe('a distributor pays its own downline', () => {
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

  async function credit(user: GivenUser, rupees: number) {
    const credited = await call(`${api.url}/api/admin/creditWallet`, {
      body: { mobile: user.mobile, amount: rupees, remark: 'float' },
      headers: money(adminToken, admin.pin),
    });
    expect(credited.status).toBe(200);
  }

  const balanceOf = async (user: GivenUser) =>
    (
      await call<{ balance: number }>(`${api.url}/api/user/checkBalance`, {
        body: {},
        headers: bearer(await signIn(api, user)),
      })
    ).body.balance;

  const ledgerEvents = async () =>
    Number((await query<{ n: string }>(api, 'SELECT count(*) AS n FROM ledger_events'))[0]!.n);

  /** A super distributor → distributor → retailer chain, the distributor funded. */
  async function network(rupees = 1000) {
    const sd = await given(api).user({ role: 'sdistributor', services: [] });
    const distributor = await given(api).user({ role: 'distributor', services: [], parent: sd });
    const retailer = await given(api).user({
      role: roleName('employee2', api.config.productKey),
      parent: distributor,
    });
    if (rupees > 0) await credit(distributor, rupees);
    return { sd, distributor, retailer, token: await signIn(api, distributor) };
  }

  const send = (
    token: string,
    pin: string,
    body: Record<string, unknown>,
    key: string = randomUUID(),
  ) =>
    call<{ message?: string; transactionRecord?: { _id: string; type: string } }>(
      `${api.url}/api/user/sendMoneyToDownline`,
      { body, headers: money(token, pin, key) },
    );

  it('moves the money through the ledger: the distributor pays, its retailer is paid', async () => {
    const { distributor, retailer, token } = await network();
    const answer = await send(token, distributor.pin, {
      userId: retailer.id,
      amount: '250.50',
      remark: 'Diwali stock',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Money sent successfully.',
      transactionRecord: { type: 'walletTransfer', amount: { amount: 250.5 } },
    });
    expect([await balanceOf(distributor), await balanceOf(retailer)]).toEqual([749.5, 250.5]);
  });

  it('lets a super distributor pay a user two levels below it', async () => {
    const { sd, retailer } = await network(0);
    await credit(sd, 500);
    const answer = await send(await signIn(api, sd), sd.pin, { userId: retailer.id, amount: 100 });
    expect(answer.status).toBe(200);
    expect([await balanceOf(sd), await balanceOf(retailer)]).toEqual([400, 100]);
  });

  it('answers a retried click with the first receipt and pays once, even 10 at once', async () => {
    const { distributor, retailer, token } = await network();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(token, distributor.pin, { userId: retailer.id, amount: 100 }, key),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.body.transactionRecord!._id)).size).toBe(1);
    expect([await balanceOf(distributor), await balanceOf(retailer)]).toEqual([900, 100]);
  });

  it('holds the balance under a burst of different transfers', async () => {
    const { distributor, retailer, token } = await network(1000);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        send(token, distributor.pin, { userId: retailer.id, amount: 100 }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(6);
    expect([await balanceOf(distributor), await balanceOf(retailer)]).toEqual([0, 1000]);
  });

  it('refuses anyone outside its downline, itself and its upline as "User not found", moving nothing', async () => {
    const { sd, distributor, token } = await network();
    const other = await network();
    const stranger = await given(api).user();
    const before = await ledgerEvents();
    for (const target of [other.retailer, other.distributor, stranger, distributor, sd, admin]) {
      const answer = await send(token, distributor.pin, { userId: target.id, amount: 10 });
      expect([answer.status, answer.body.message]).toEqual([404, 'User not found']);
    }
    const nobody = await send(token, distributor.pin, { userId: randomUUID(), amount: 10 });
    expect([nobody.status, nobody.body.message]).toEqual([404, 'User not found']);
    expect(await ledgerEvents()).toBe(before);
    expect(await balanceOf(distributor)).toBe(1000);
  });

  it('asks for the PIN first, and refuses bad input with a 4xx and a clear message', async () => {
    const { distributor, retailer, token } = await network(100);
    const before = await ledgerEvents();
    const wrongPin = await send(token, '9999', { userId: retailer.id, amount: 10 });
    expect([wrongPin.status, wrongPin.body.message]).toEqual([422, 'Incorrect PIN. 4 tries left.']);
    const badId = await send(token, distributor.pin, { userId: 'me', amount: 10 });
    expect(badId.status).toBe(400);
    const noAmount = await send(token, distributor.pin, { userId: retailer.id });
    expect([noAmount.status, noAmount.body.message]).toEqual([400, 'Please input amount!']);
    const tooMuch = await send(token, distributor.pin, { userId: retailer.id, amount: 100.01 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([422, 'Insufficient balance.']);
    expect(await ledgerEvents()).toBe(before);
  });

  it('is refused to retailers and admins (403): only the distributor tiers send this way', async () => {
    const { retailer } = await network();
    const other = await given(api).user();
    for (const [user, token] of [
      [retailer, await signIn(api, retailer)],
      [admin, adminToken],
    ] as const) {
      const answer = await send(token, user.pin, { userId: other.id, amount: 1 });
      expect(answer.status).toBe(403);
    }
  });
});
