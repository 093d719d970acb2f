import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { AepsMessages, indiaDay } from '@khata/domain';
import { testAadhaar, testPid } from '../support/aeps.js';
import { columnsHolding } from '../support/data-at-rest.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { accountOf, ledgerViolations } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { AepsSweeper } from '../../apps/api/src/aeps/aeps-sweeper.js';

interface Txn {
  id: string;
  kind: string;
  status: string;
  amount: number;
  commission: number;
  tds: number;
  credited: number;
  merchantFee: number;
  aadhaar: string;
  rrn: string | null;
  balance: number | null;
  statement: { date: string; type: string; amount: number; narration: string }[] | null;
  message: string | null;
  bankDebited: boolean;
  reversalDueBy: string | null;
}
type Answer = { success?: boolean; message?: string; data: Txn };

/**
 * AEPS at the counter end to end (issue 26) on the real API, Postgres and the sandbox AEPS
 * provider, whose test Aadhaar numbers choose its answer (00 success, 01 insufficient funds, 03
 * timeout then success, 04 debited but failed, 05 pending then success).
 */
describe('AEPS: registration, daily authentication, withdrawals, enquiries, limits', () => {
  let api: TestApi;
  let distributor: GivenUser;
  const clock = new MovableClock();

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'silent' }, { clock });
    const admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
  });
  afterAll(async () => {
    await api.close();
  });

  interface Shop {
    user: GivenUser;
    token: string;
  }

  const post = <T = Answer>(path: string, token: string, body: object, headers = {}) =>
    call<T>(`${api.url}/api/aeps/${path}`, { body, headers: { ...bearer(token), ...headers } });

  async function shop({ register = true, authenticate = true } = {}): Promise<Shop> {
    const user = await given(api).user({ parent: distributor });
    const token = await signIn(api, user);
    if (register) {
      const done = await post('agent/register', token, { aadhaar: testAadhaar(), pid: testPid() });
      expect(done.status).toBe(200);
    }
    if (authenticate) {
      expect((await post('agent/daily-auth', token, { pid: testPid() })).status).toBe(200);
    }
    return { user, token };
  }

  function transact(
    who: Shop,
    body: Record<string, unknown>,
    { key = randomUUID(), pid = testPid() } = {},
  ) {
    return post(
      'transactions',
      who.token,
      { bankIin: '607094', mobile: '9876543210', pid, ...body },
      {
        'idempotency-key': key,
      },
    );
  }

  async function rows(userId: string) {
    return query<{ id: string; status: string; kind: string }>(
      api,
      'SELECT id, status, kind FROM aeps_transactions WHERE user_id = $1',
      [userId],
    );
  }

  it('a ₹2,500 withdrawal credits the AEPS balance and pays the commission net of TDS, once', async () => {
    const counter = await shop();
    const walletBefore = await accountOf(api, counter.user.id, 'wallet');
    const distributorBefore = await commissionOf(distributor.id);
    const answer = await transact(counter, {
      kind: 'withdrawal',
      aadhaar: testAadhaar(),
      amount: 2500,
    });
    expect(answer.status).toBe(200);
    const txn = answer.body.data;
    expect(txn).toMatchObject({
      kind: 'withdrawal',
      status: 'processed',
      amount: 2500,
      credited: 2500,
    });
    expect(txn.rrn).toMatch(/^\d{12}$/);
    expect(txn.aadhaar).toMatch(/^XXXX XXXX \d{4}$/);
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(250_000);
    // Slab ₹2,000–2,999: ₹13 commission, the distributor ₹1 and the super distributor ₹0.50 of
    // it; the shop's ₹11.50 less TDS (20%: the test shop has no PAN) is ₹9.20.
    expect(txn.commission).toBe(9.2);
    expect(txn.tds).toBe(2.3);
    const walletAfter = await accountOf(api, counter.user.id, 'wallet');
    expect(walletAfter.available - walletBefore.available).toBe(920);
    expect((await commissionOf(distributor.id)) - distributorBefore).toBe(80); // ₹1 less 20%
    expect(await ledgerViolations(api)).toEqual([]);
    const status = await call<{ data: { aepsBalance: number } }>(`${api.url}/api/aeps/status`, {
      method: 'GET',
      headers: bearer(counter.token),
    });
    expect(status.body.data.aepsBalance).toBe(2500);
  });

  it('refuses a withdrawal before the day’s authentication and before registration', async () => {
    const unregistered = await shop({ register: false, authenticate: false });
    const first = await transact(unregistered, { kind: 'balance', aadhaar: testAadhaar() });
    expect(first.status).toBe(422);
    expect(first.body.message).toBe(AepsMessages.agentNotRegistered);

    const notToday = await shop({ authenticate: false });
    const refused = await transact(notToday, {
      kind: 'withdrawal',
      aadhaar: testAadhaar(),
      amount: 500,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(AepsMessages.dailyAuthNeeded);
    // A balance enquiry needs no daily authentication.
    const enquiry = await transact(notToday, { kind: 'balance', aadhaar: testAadhaar() });
    expect(enquiry.body.data.status).toBe('processed');
    expect(enquiry.body.data.balance).toEqual(expect.any(Number));
    expect((await rows(notToday.user.id)).map((row) => row.kind)).toEqual(['balance']);
  });

  it('holds 5 withdrawals per customer per shop per India day under a burst of ten', async () => {
    const counter = await shop();
    const aadhaar = testAadhaar();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        transact(counter, { kind: 'withdrawal', aadhaar, amount: 100 }),
      ),
    );
    const done = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 422);
    expect(done).toHaveLength(5);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toBe(
      'This customer has had 5 withdrawals at this shop today, the most NPCI allows. Please ask them to come back tomorrow.',
    );
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(5 * 10_000);
    // Another customer at the same shop is not held by the first one's count.
    const other = await transact(counter, {
      kind: 'withdrawal',
      aadhaar: testAadhaar(),
      amount: 100,
    });
    expect(other.body.data.status).toBe('processed');
  });

  it('a failed withdrawal does not count toward the five, and moves nothing', async () => {
    const counter = await shop();
    const poor = testAadhaar('01');
    const failed = await transact(counter, { kind: 'withdrawal', aadhaar: poor, amount: 5000 });
    expect(failed.body.data).toMatchObject({ status: 'failed', credited: 0, commission: 0 });
    expect(failed.body.data.message).toBe('Insufficient funds in the customer’s account.');
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(0);
    const [count] = await query<{ n: string }>(
      api,
      `SELECT count(*) AS n FROM ledger_events WHERE stream = $1`,
      [`aeps:${failed.body.data.id}`],
    );
    expect(Number(count!.n)).toBe(0);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const counter = await shop();
    const valid = testAadhaar();
    const wrongCheck = valid.slice(0, 11) + ((Number(valid[11]) + 1) % 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'withdrawal', aadhaar: wrongCheck, amount: 500 }, 'not a valid Aadhaar'],
      [{ kind: 'withdrawal', aadhaar: valid, amount: 10_001 }, 'at most ₹10,000.00'],
      [{ kind: 'withdrawal', aadhaar: valid, amount: 50 }, 'The least amount'],
      [{ kind: 'withdrawal', aadhaar: valid, amount: 500, bankIin: '123456' }, 'bank'],
      [{ kind: 'deposit', aadhaar: valid }, 'Please choose'],
      [{ kind: 'balance', aadhaar: valid, pid: '' }, 'capture'],
      [{ kind: 'balance', aadhaar: valid, pid: '<xml>not a pid</xml>' }, 'not readable'],
    ];
    for (const [body, message] of cases) {
      const answer = await call<Answer>(`${api.url}/api/aeps/transactions`, {
        body: { bankIin: '607094', mobile: '9876543210', pid: testPid(), ...body },
        headers: { ...bearer(counter.token), 'idempotency-key': randomUUID() },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect(await rows(counter.user.id)).toEqual([]);
  });

  it('refuses a replayed PID block, and answers a repeated Idempotency-Key with the first', async () => {
    const counter = await shop();
    const pid = testPid();
    const key = randomUUID();
    const aadhaar = testAadhaar();
    const first = await transact(
      counter,
      { kind: 'withdrawal', aadhaar, amount: 700 },
      { key, pid },
    );
    const again = await transact(
      counter,
      { kind: 'withdrawal', aadhaar, amount: 700 },
      { key, pid },
    );
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-hit')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const replayed = await transact(counter, { kind: 'withdrawal', aadhaar, amount: 700 }, { pid });
    expect(replayed.status).toBe(409);
    expect(replayed.body.message).toBe(AepsMessages.pidReplayed);
    expect(await rows(counter.user.id)).toHaveLength(1);
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(70_000);
  });

  it('a mini statement answers the bank’s last transactions and moves nothing', async () => {
    const counter = await shop({ authenticate: false });
    const answer = await transact(counter, { kind: 'statement', aadhaar: testAadhaar() });
    expect(answer.body.data.status).toBe('processed');
    expect(answer.body.data.statement!.length).toBeGreaterThan(0);
    expect(answer.body.data.statement![0]).toMatchObject({
      type: expect.stringMatching(/^(Cr|Dr)$/),
      amount: expect.any(Number),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(0);
  });

  it('a debit the bank failed carries RBI’s T+5 reversal clock', async () => {
    const counter = await shop();
    const answer = await transact(counter, {
      kind: 'withdrawal',
      aadhaar: testAadhaar('04'),
      amount: 1500,
    });
    const txn = answer.body.data;
    expect(txn).toMatchObject({ status: 'failed', bankDebited: true, credited: 0 });
    // The end of T + 5, India's day: 18:29:59.999 UTC five days after today in India.
    const due = new Date(txn.reversalDueBy!);
    expect(indiaDay(due)).toBe(indiaDay(new Date(clock.now().getTime() + 5 * 86_400_000)));
    expect(indiaDay(new Date(due.getTime() + 1))).not.toBe(indiaDay(due));
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(0);
  });

  it('a timeout is pending, then settled by status enquiry and credited once', async () => {
    const counter = await shop();
    const answer = await transact(counter, {
      kind: 'withdrawal',
      aadhaar: testAadhaar('03'),
      amount: 3000,
    });
    expect(answer.body.data.status).toBe('processing');
    expect(answer.body.message).toBe(AepsMessages.pending);
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(0);
    clock.advance({ seconds: api.config.aeps.staleAfterMs / 1000 + 1 });
    await api.app.get(AepsSweeper).sweep();
    await api.app.get(AepsSweeper).sweep();
    const [row] = await query<{ status: string; sends: number }>(
      api,
      'SELECT status, sends FROM aeps_transactions WHERE id = $1',
      [answer.body.data.id],
    );
    expect(row).toEqual({ status: 'processed', sends: 1 });
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(300_000);
    const [calls] = await query<{ n: string }>(
      api,
      `SELECT count(*) AS n FROM sandbox_aeps_calls WHERE reference = $1 AND call = 'send'`,
      [answer.body.data.id],
    );
    expect(Number(calls!.n)).toBe(1);
  });

  it('a transaction whose request died before its send fails with nothing moved', async () => {
    const counter = await shop();
    const id = randomUUID();
    // What a request leaves when its process dies between the insert and the send.
    await query(
      api,
      `INSERT INTO aeps_transactions
         (id, user_id, kind, business_day, customer_token, aadhaar_last4, bank_iin, mobile,
          amount_paise, idempotency_key, request_hash, next_check_at, created_at, updated_at)
       VALUES ($1, $2, 'withdrawal', $3, repeat('a', 64), '1234', '607094', '9876543210',
               50000, $5, 'h', $4, $4, $4)`,
      [id, counter.user.id, indiaDay(clock.now()), clock.now(), `died-${id}`],
    );
    clock.advance({ seconds: api.config.aeps.staleAfterMs / 1000 + 1 });
    await api.app.get(AepsSweeper).sweep();
    const [row] = await query<{ status: string; message: string }>(
      api,
      'SELECT status, message FROM aeps_transactions WHERE id = $1',
      [id],
    );
    expect(row!.status).toBe('failed');
    expect(row!.message).toContain('No money moved');
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(0);
  });

  it('keeps no Aadhaar number and no PID block in any table', async () => {
    const counter = await shop();
    const aadhaar = testAadhaar();
    const marker = `PIDMARKER${randomUUID().replace(/-/g, '')}`;
    await transact(counter, { kind: 'withdrawal', aadhaar, amount: 200 }, { pid: testPid(marker) });
    expect(await columnsHolding(api, aadhaar)).toEqual([]);
    expect(await columnsHolding(api, marker)).toEqual([]);
  });

  it('lists and shows transactions in the viewer’s scope; an admin asks the provider now', async () => {
    const counter = await shop();
    const other = await shop();
    const pending = await transact(counter, {
      kind: 'withdrawal',
      aadhaar: testAadhaar('05'),
      amount: 400,
    });
    expect(pending.body.data.status).toBe('processing');
    const get = (path: string, token: string) =>
      call<{ data: Txn | Txn[]; total?: number; message?: string }>(`${api.url}/api/aeps/${path}`, {
        method: 'GET',
        headers: bearer(token),
      });
    const own = await get('transactions?kind=withdrawal&status=processing', counter.token);
    expect(own.status).toBe(200);
    expect((own.body.data as Txn[]).map((txn) => txn.id)).toEqual([pending.body.data.id]);
    expect((await get(`transactions/${pending.body.data.id}`, counter.token)).status).toBe(200);
    // Another shop does not see it, as if it did not exist.
    const foreign = await get(`transactions/${pending.body.data.id}`, other.token);
    expect(foreign.status).toBe(404);
    expect((await get('transactions', other.token)).body.total).toBe(0);
    // The shops' distributor sees both shops' transactions.
    const distributorToken = await signIn(api, distributor);
    const network = await get(`transactions/${pending.body.data.id}`, distributorToken);
    expect(network.status).toBe(200);
    expect((network.body.data as Txn & { shop: { name: string } }).shop.name).toBe(
      counter.user.name,
    );
    expect((await get('transactions?status=sideways', counter.token)).status).toBe(400);
    // The shop may not ask the provider now; an admin may (pending twice, then paid).
    const check = (token: string) =>
      call<Answer>(`${api.url}/api/aeps/transactions/${pending.body.data.id}/check`, {
        body: {},
        headers: bearer(token),
      });
    expect((await check(counter.token)).status).toBe(403);
    const admin = await given(api).user({ role: 'admin', services: [] });
    const adminToken = await signIn(api, admin);
    expect((await check(adminToken)).body.data.status).toBe('processing');
    expect((await check(adminToken)).body.data.status).toBe('processing');
    const settled = await check(adminToken);
    expect(settled.body.data).toMatchObject({ status: 'processed', credited: 400 });
    expect((await accountOf(api, counter.user.id, 'aeps')).available).toBe(40_000);
  });

  async function commissionOf(userId: string): Promise<number> {
    const [row] = await query<{ posted: string }>(
      api,
      `SELECT credits_posted - debits_posted AS posted FROM ledger_accounts
        WHERE owner_id = $1 AND kind = 'commission'`,
      [userId],
    );
    return Number(row?.posted ?? 0);
  }
});
