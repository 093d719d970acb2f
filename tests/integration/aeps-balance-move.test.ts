import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AepsBalanceMessages, AepsMessages, Messages, type BalanceUpdate } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { accountOf, fund, ledgerViolations, streamEvents } from '../support/payouts.js';
import { heard, socketClients } from '../support/sockets.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

// Issue 26: a shop moves its AEPS balance to its main wallet, with its PIN, through the ledger,
// once per Idempotency-Key; the AEPS balance never goes below zero, however many moves race.

interface MoveAnswer {
  success?: boolean;
  message?: string;
  data?: { moved: number; aepsBalance: number; walletBalance: number };
}

describe('moving the AEPS balance to the main wallet', () => {
  let api: TestApi;
  const sockets = socketClients();

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    sockets.closeAll();
    await api.close();
  });

  /** A retailer (employee 2, the aeps service by default) with `rupees` in its AEPS balance. */
  async function shop(rupees: number) {
    const user = await given(api).user();
    if (rupees > 0) await fund(api, user, rupees * 100, 'aeps');
    return { user, token: await signIn(api, user) };
  }

  const move = (
    { user, token }: { user: GivenUser; token: string },
    body: Record<string, unknown>,
    { key = randomUUID(), pin = user.pin }: { key?: string; pin?: string } = {},
  ) =>
    call<MoveAnswer>(`${api.url}/api/aeps/balance/move`, {
      body,
      headers: { ...bearer(token), pin, 'idempotency-key': key },
    });

  /** Posted balances of the user's aeps account and wallet, in paise. */
  const ledgerOf = async (user: GivenUser) => ({
    aeps: (await accountOf(api, user.id, 'aeps')).posted,
    wallet: (await accountOf(api, user.id, 'wallet')).posted,
  });

  const movesOf = async (user: GivenUser) =>
    Number(
      (
        await query<{ n: string }>(
          api,
          `SELECT count(*) AS n FROM ledger_events WHERE type = 'aeps-balance.moved' AND actor_id = $1`,
          [user.id],
        )
      )[0]!.n,
    );

  it('debits the AEPS balance and credits the wallet by the amount, in one ledger event', async () => {
    const caller = await shop(500);
    const answer = await move(caller, { amount: '120.50' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: AepsBalanceMessages.moved,
      data: { moved: 120.5, aepsBalance: 379.5, walletBalance: 120.5 },
    });
    expect(await ledgerOf(caller.user)).toEqual({ aeps: 379_50, wallet: 120_50 });
    const [event] = await query<{ stream: string; legs: string[] }>(
      api,
      `SELECT e.stream, array_agg(a.kind || ' ' || p.amount ORDER BY p.amount) AS legs
         FROM ledger_events e JOIN ledger_postings p ON p.event_seq = e.seq
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.actor_id = $1 AND e.type = 'aeps-balance.moved' GROUP BY e.stream`,
      [caller.user.id],
    );
    expect(event!.legs).toEqual(['aeps -12050', 'wallet 12050']);
    expect(await streamEvents(api, event!.stream)).toEqual(['aeps-balance.moved']);

    // The balance call answers both figures, and the report shows the move as a wallet credit.
    const balance = await call<{ balance: number; aepsBalance: number }>(
      `${api.url}/api/user/checkBalance`,
      { body: {}, headers: bearer(caller.token) },
    );
    expect(balance.body).toMatchObject({ balance: 120.5, aepsBalance: 379.5 });
    const records = await query<{ type: string; direction: string; balance_after: string }>(
      api,
      `SELECT type, direction, balance_after FROM transaction_records WHERE stream = $1`,
      [event!.stream],
    );
    expect(records).toEqual([
      { type: 'aepsToWallet', direction: 'credit', balance_after: '12050' },
    ]);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it("tells the shop's browsers both new balances on balance.updated", async () => {
    const caller = await shop(500);
    const listener = await sockets.connect(api, { token: caller.token });
    expect((await move(caller, { amount: 75 })).status).toBe(200);
    const update = await heard<BalanceUpdate>(listener, 'balance.updated');
    expect(update).toMatchObject({ balance: 75, aepsBalance: 425 });
  });

  it('moves at most 8 of 10 parallel moves of ₹60 from ₹500, and never below zero', async () => {
    const caller = await shop(500);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => move(caller, { amount: 60 })),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(ok).toHaveLength(8);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual([
      [422, AepsBalanceMessages.insufficient],
      [422, AepsBalanceMessages.insufficient],
    ]);
    expect(await ledgerOf(caller.user)).toEqual({ aeps: 20_00, wallet: 480_00 });
    expect(await movesOf(caller.user)).toBe(8);
  });

  it('moves once for the same Idempotency-Key, and says the second answer is a repeat', async () => {
    const caller = await shop(500);
    const key = randomUUID();
    const first = await move(caller, { amount: 100 }, { key });
    const again = await move(caller, { amount: 100 }, { key });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotency-hit')).toBe('true');
    expect(again.body.data).toEqual({ moved: 100, aepsBalance: 400, walletBalance: 100 });
    // Ten at once with one key: still one move.
    const burstKey = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => move(caller, { amount: 50 }, { key: burstKey })),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await ledgerOf(caller.user)).toEqual({ aeps: 350_00, wallet: 150_00 });
    expect(await movesOf(caller.user)).toBe(2);
    // The same key with another amount is another request: refused, nothing moves.
    const other = await move(caller, { amount: 70 }, { key });
    expect(other.status).toBe(409);
    expect(await ledgerOf(caller.user)).toEqual({ aeps: 350_00, wallet: 150_00 });
  });

  it.each([
    ['no amount', {}, 400, AepsMessages.moveAmountInvalid],
    ['text', { amount: 'fifty' }, 400, AepsMessages.moveAmountInvalid],
    ['a negative amount', { amount: -5 }, 400, AepsMessages.moveAmountInvalid],
    ['zero', { amount: 0 }, 400, Messages.amountNotPositive],
    ['three decimals', { amount: '10.005' }, 400, Messages.amountDecimals],
    [
      'an amount beyond one transfer',
      { amount: 100_000_001 },
      400,
      Messages.amountAboveTransferMax,
    ],
    ['more than the AEPS balance', { amount: '500.01' }, 422, AepsBalanceMessages.insufficient],
  ])('refuses %s with a 4xx and its message, and moves nothing', async (_, body, status, text) => {
    const caller = await shop(500);
    const answer = await move(caller, body);
    expect([answer.status, answer.body.message]).toEqual([status, text]);
    expect(await ledgerOf(caller.user)).toEqual({ aeps: 500_00, wallet: 0 });
    expect(await movesOf(caller.user)).toBe(0);
  });

  it('refuses a wrong PIN and a missing key, moving nothing', async () => {
    const caller = await shop(500);
    const wrongPin = await move(caller, { amount: 10 }, { pin: '9999' });
    expect([wrongPin.status, wrongPin.body.message]).toEqual([422, 'Incorrect PIN. 4 tries left.']);
    const noKey = await call<MoveAnswer>(`${api.url}/api/aeps/balance/move`, {
      body: { amount: 10 },
      headers: { ...bearer(caller.token), pin: caller.user.pin },
    });
    expect(noKey.status).toBe(400);
    expect(await ledgerOf(caller.user)).toEqual({ aeps: 500_00, wallet: 0 });
    expect(await movesOf(caller.user)).toBe(0);
  });

  it('keeps what a pending settlement holds: only the free AEPS balance moves', async () => {
    const caller = await shop(500);
    const { Ledger } = await import('@khata/ledger');
    const ledger = api.app.get(Ledger);
    await ledger.append({
      type: 'test.held',
      stream: `test-hold:${randomUUID()}`,
      legs: [],
      holds: [
        {
          op: 'place',
          holdId: randomUUID(),
          accountId: await ledger.userAccount(caller.user.id, 'aeps'),
          amount: 300_00,
        },
      ],
    });
    const refused = await move(caller, { amount: 201 });
    expect([refused.status, refused.body.message]).toEqual([422, AepsBalanceMessages.insufficient]);
    const moved = await move(caller, { amount: 200 });
    expect(moved.body.data).toEqual({ moved: 200, aepsBalance: 0, walletBalance: 200 });
  });

  it('refuses a shop without the aeps service', async () => {
    const user = await given(api).user({ services: ['wallet', 'aepsSettlement'] });
    await fund(api, user, 500_00, 'aeps');
    const answer = await move({ user, token: await signIn(api, user) }, { amount: 10 });
    expect(answer.status).toBe(403);
    expect(await ledgerOf(user)).toEqual({ aeps: 500_00, wallet: 0 });
  });
});
