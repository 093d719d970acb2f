import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DHBVN_BILLER_ID } from '@khata/domain';
import { BBPS_CODES, cardLast4, dhbvnAccount, SHOP_PLACE } from '../support/bbps.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { accountOf, fund, ledgerViolations } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { BbpsSweeper } from '../../apps/api/src/bbps/bbps-sweeper.js';

interface Payment {
  id: string;
  status: string;
  amount: number;
  ccf: number;
  total: number;
  commission: number | null;
  params: { name: string; value: string }[];
  bbpsReference: string | null;
  approvalRef: string | null;
  refId: string;
  message: string | null;
  customerName: string | null;
  billNumber: string | null;
}
interface Bill {
  fetchId: string;
  customerName: string;
  billNumber: string;
  amount: number;
  dueDate: string | null;
  lateAmount: number | null;
  earlyAmount: { amount: number; until: string } | null;
}
type Answer<T> = { success?: boolean; message?: string; data: T };

const MOBILE = '9812345678';

/**
 * Bill payments end to end (issue 27) on the real API, Postgres and the sandbox BBPS provider,
 * whose test customers choose its answer (the last two digits of the biller's first parameter:
 * 00 a bill due and paid, 11 no bill, 13 biller down, 14 invalid customer, 21 payment fails, 22
 * pending then paid, 23 timeout then paid).
 */
describe('BBPS: the catalogue, fetch and pay, exactness, the same bill once, pending by enquiry', () => {
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

  async function shop(balance = 1_00_000_00): Promise<Shop> {
    const user = await given(api).user({ parent: distributor });
    await fund(api, user, balance);
    return { user, token: await signIn(api, user) };
  }

  const get = <T>(path: string, token: string) =>
    call<Answer<T>>(`${api.url}/api/bbps/${path}`, { method: 'GET', headers: bearer(token) });

  const fetchBill = (who: Shop, account: string, billerId = DHBVN_BILLER_ID) =>
    call<Answer<Bill>>(`${api.url}/api/bbps/bills/fetch`, {
      body: {
        billerId,
        params: { 'Account Number': account, 'Mobile Number': MOBILE },
        customerMobile: MOBILE,
        ...SHOP_PLACE,
      },
      headers: bearer(who.token),
    });

  const pay = (who: Shop, body: Record<string, unknown>, key: string = randomUUID()) =>
    call<Answer<Payment>>(`${api.url}/api/bbps/payments`, {
      body: { customerMobile: MOBILE, pin: who.user.pin, ...SHOP_PLACE, ...body },
      headers: { ...bearer(who.token), 'idempotency-key': key },
    });

  async function payDhbvn(who: Shop, account: string, key?: string) {
    const bill = await fetchBill(who, account);
    expect(bill.status).toBe(200);
    const answer = await pay(
      who,
      {
        billerId: DHBVN_BILLER_ID,
        params: { 'Account Number': account, 'Mobile Number': MOBILE },
        fetchId: bill.body.data.fetchId,
        amount: bill.body.data.amount,
      },
      key,
    );
    return { bill: bill.body.data, answer };
  }

  async function sends(reference: string): Promise<number> {
    const [row] = await query<{ n: string }>(
      api,
      `SELECT count(*) AS n FROM sandbox_bbps_calls WHERE reference = $1 AND call = 'send'`,
      [reference],
    );
    return Number(row!.n);
  }

  async function commissionOf(userId: string): Promise<number> {
    const [row] = await query<{ posted: string }>(
      api,
      `SELECT credits_posted - debits_posted AS posted FROM ledger_accounts
        WHERE owner_id = $1 AND kind = 'commission'`,
      [userId],
    );
    return Number(row?.posted ?? 0);
  }

  it('syncs the catalogue: at least 15 categories and 60 billers, DHBVN with its two parameters', async () => {
    const counter = await shop();
    const categories = await get<{ code: string; billers: number }[]>('categories', counter.token);
    expect(categories.status).toBe(200);
    expect(categories.body.data.length).toBeGreaterThanOrEqual(15);
    const total = categories.body.data.reduce((sum, one) => sum + one.billers, 0);
    expect(total).toBeGreaterThanOrEqual(60);
    const dhbvn = await get<{ params: { name: string }[]; fetch: boolean }>(
      `billers/${DHBVN_BILLER_ID}`,
      counter.token,
    );
    expect(dhbvn.body.data.fetch).toBe(true);
    expect(dhbvn.body.data.params.map((param) => param.name)).toEqual([
      'Account Number',
      'Mobile Number',
    ]);
    const cards = await get<{ id: string; adhoc: boolean }[]>(
      'billers?category=credit-card',
      counter.token,
    );
    expect(cards.body.data.length).toBeGreaterThan(3);
  });

  it('pays a fetched DHBVN bill once: wallet less amount + CCF, the commission split, BBPS references kept', async () => {
    const counter = await shop();
    const before = await accountOf(api, counter.user.id, 'wallet');
    const distributorBefore = await commissionOf(distributor.id);
    const { bill, answer } = await payDhbvn(counter, dhbvnAccount());
    expect(answer.status).toBe(200);
    const payment = answer.body.data;
    expect(payment).toMatchObject({ status: 'processed', amount: bill.amount });
    expect(payment.bbpsReference).toMatch(/^[A-Z0-9]{20}$/);
    expect(payment.approvalRef).toBeTruthy();
    expect(payment.refId).toMatch(/^[A-Z0-9]{35}$/);
    expect(payment.customerName).toBe(bill.customerName);
    expect(await sends(payment.id)).toBe(1);
    // The commission the rule quotes is what the ledger pays: the shop's share less TDS.
    const quote = await get<{ ccf: number; total: number; commission: number }>(
      `quote?billerId=${DHBVN_BILLER_ID}&amount=${bill.amount}`,
      counter.token,
    );
    expect(payment.ccf).toBe(quote.body.data.ccf);
    expect(payment.commission).toBe(quote.body.data.commission);
    const after = await accountOf(api, counter.user.id, 'wallet');
    const [split] = await query<{ net: string }>(
      api,
      `SELECT commission_split->'earner'->>'net' AS net FROM bbps_payments WHERE id = $1`,
      [payment.id],
    );
    expect(before.available - after.available).toBe(
      Math.round(quote.body.data.total * 100) - Number(split!.net),
    );
    expect(after.pending).toBe(0);
    expect(await commissionOf(distributor.id)).toBeGreaterThan(distributorBefore);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('refuses a parameter that fails the biller’s regex before any call to the provider', async () => {
    const counter = await shop();
    const answer = await fetchBill(counter, '12AB');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The Account Number is not valid for this biller.');
    const [row] = await query<{ n: string }>(
      api,
      `SELECT count(*) AS n FROM bbps_bill_fetches WHERE user_id = $1`,
      [counter.user.id],
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('answers no bill due, an invalid customer and a biller that is down, each with its own status', async () => {
    const counter = await shop();
    const none = await fetchBill(counter, dhbvnAccount(BBPS_CODES.noBill));
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/no bill/i);
    const invalid = await fetchBill(counter, dhbvnAccount(BBPS_CODES.invalidCustomer));
    expect(invalid.status).toBe(422);
    const down = await fetchBill(counter, dhbvnAccount(BBPS_CODES.billerDown));
    expect(down.status).toBe(503);
  });

  it('refuses an amount below an exact bill, and moves nothing', async () => {
    const counter = await shop();
    const account = dhbvnAccount();
    const bill = await fetchBill(counter, account);
    const before = await accountOf(api, counter.user.id, 'wallet');
    const answer = await pay(counter, {
      billerId: DHBVN_BILLER_ID,
      params: { 'Account Number': account, 'Mobile Number': MOBILE },
      fetchId: bill.body.data.fetchId,
      amount: bill.body.data.amount - 1,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/bill/);
    expect(await accountOf(api, counter.user.id, 'wallet')).toEqual(before);
  });

  it('a double click and a retry under one key pay once', async () => {
    const counter = await shop();
    const account = dhbvnAccount();
    const bill = await fetchBill(counter, account);
    const body = {
      billerId: DHBVN_BILLER_ID,
      params: { 'Account Number': account, 'Mobile Number': MOBILE },
      fetchId: bill.body.data.fetchId,
      amount: bill.body.data.amount,
    };
    const key = randomUUID();
    const [first, second] = await Promise.all([pay(counter, body, key), pay(counter, body, key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.data.id).toBe(second.body.data.id);
    const retry = await pay(counter, body, key);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(retry.headers.get('idempotency-hit')).toBe('true');
    expect(await sends(first.body.data.id)).toBe(1);
  });

  it('a burst of twenty payments of the same bill pays it once; the rest are told it is paid', async () => {
    const counter = await shop();
    const account = dhbvnAccount();
    const bill = await fetchBill(counter, account);
    const before = await accountOf(api, counter.user.id, 'wallet');
    const body = {
      billerId: DHBVN_BILLER_ID,
      params: { 'Account Number': account, 'Mobile Number': MOBILE },
      fetchId: bill.body.data.fetchId,
      amount: bill.body.data.amount,
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(counter, body)));
    const paid = answers.filter((one) => one.status === 200);
    const refused = answers.filter((one) => one.status === 409);
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.body.message).toMatch(/already (paid|being paid)/);
    const rows = await query<{ id: string }>(
      api,
      'SELECT id FROM bbps_payments WHERE user_id = $1',
      [counter.user.id],
    );
    expect(rows).toHaveLength(1);
    const after = await accountOf(api, counter.user.id, 'wallet');
    expect(before.available - after.available).toBeLessThanOrEqual(
      Math.round(paid[0]!.body.data.total * 100),
    );
    expect(after.pending).toBe(0);
  });

  it('a payment BBPS refuses fails and gives every paisa back', async () => {
    const counter = await shop();
    const before = await accountOf(api, counter.user.id, 'wallet');
    const { answer } = await payDhbvn(counter, dhbvnAccount(BBPS_CODES.payFails));
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('failed');
    expect(answer.body.message).toBeTruthy();
    expect(await accountOf(api, counter.user.id, 'wallet')).toEqual(before);
    // Failed frees the bill: the shop may pay it again.
    const [row] = await query<{ status: string }>(
      api,
      'SELECT status FROM bbps_payments WHERE id = $1',
      [answer.body.data.id],
    );
    expect(row!.status).toBe('failed');
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('pending and timed-out payments hold the money and settle by status enquiry, sent once', async () => {
    const counter = await shop();
    const pending = (await payDhbvn(counter, dhbvnAccount(BBPS_CODES.pendingThenPaid))).answer;
    const timedOut = (await payDhbvn(counter, dhbvnAccount(BBPS_CODES.timeoutThenPaid))).answer;
    expect(pending.body.data.status).toBe('processing');
    expect(timedOut.body.data.status).toBe('processing');
    const held = await accountOf(api, counter.user.id, 'wallet');
    expect(held.pending).toBe(
      Math.round(pending.body.data.total * 100) + Math.round(timedOut.body.data.total * 100),
    );
    for (let look = 0; look < 4; look++) {
      clock.advance({ seconds: api.config.bbps.maxRecheckMs / 1000 + 1 });
      await api.app.get(BbpsSweeper).sweep();
    }
    const rows = await query<{ id: string; status: string; sends: number }>(
      api,
      'SELECT id, status, sends FROM bbps_payments WHERE id = ANY($1::uuid[]) ORDER BY id',
      [[pending.body.data.id, timedOut.body.data.id]],
    );
    expect(rows.map((row) => [row.status, row.sends])).toEqual([
      ['processed', 1],
      ['processed', 1],
    ]);
    expect(await sends(pending.body.data.id)).toBe(1);
    expect(await sends(timedOut.body.data.id)).toBe(1);
    expect((await accountOf(api, counter.user.id, 'wallet')).pending).toBe(0);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('pays a credit card bill without a fetch: the CCF apart, the card masked, no commission', async () => {
    const counter = await shop();
    const cards = await get<{ id: string; adhoc: boolean; params: { name: string }[] }[]>(
      'billers?category=credit-card',
      counter.token,
    );
    const card = cards.body.data.find((one) => one.adhoc)!;
    const last4 = cardLast4();
    const params = Object.fromEntries(
      card.params.map((param) => [param.name, /card/i.test(param.name) ? last4 : MOBILE]),
    );
    const quote = await get<{ ccf: number; total: number; commission: number }>(
      `quote?billerId=${card.id}&amount=7500`,
      counter.token,
    );
    const before = await accountOf(api, counter.user.id, 'wallet');
    const answer = await pay(counter, { billerId: card.id, params, amount: 7500 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'processed',
      amount: 7500,
      ccf: quote.body.data.ccf,
      commission: null,
    });
    expect(quote.body.data.commission).toBe(0);
    const shown = answer.body.data.params.find((param) => /card/i.test(param.name))!;
    expect(shown.value).toBe(`XXXX ${last4}`);
    const after = await accountOf(api, counter.user.id, 'wallet');
    expect(before.available - after.available).toBe(Math.round(quote.body.data.total * 100));
  });

  it('refuses a payment the wallet cannot cover, with nothing held', async () => {
    const counter = await shop(100_00);
    const account = dhbvnAccount();
    const bill = await fetchBill(counter, account);
    const answer = await pay(counter, {
      billerId: DHBVN_BILLER_ID,
      params: { 'Account Number': account, 'Mobile Number': MOBILE },
      fetchId: bill.body.data.fetchId,
      amount: bill.body.data.amount,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      'Not enough balance in your wallet for this bill and its fee.',
    );
    expect((await accountOf(api, counter.user.id, 'wallet')).pending).toBe(0);
  });

  it('shows a payment to its shop, its distributor and admins only', async () => {
    const counter = await shop();
    const { answer } = await payDhbvn(counter, dhbvnAccount());
    const id = answer.body.data.id;
    const other = await shop();
    expect((await get(`payments/${id}`, other.token)).status).toBe(404);
    const distributorToken = await signIn(api, distributor);
    const seen = await get<Payment>(`payments/${id}`, distributorToken);
    expect(seen.status).toBe(200);
    const list = await get<Payment[]>('payments', distributorToken);
    expect(list.body.data.some((one) => one.id === id)).toBe(true);
    const own = await get<Payment[]>('payments', other.token);
    expect(own.body.data.some((one) => one.id === id)).toBe(false);
  });

  it('an assigned bbps scheme’s category slabs set the commission; an edit without them keeps them', async () => {
    const admin = await given(api).user({ role: 'admin', services: [] });
    const adminToken = await signIn(api, admin);
    const flat = (fee: number) => ({
      upTo: null,
      fee: { flatBase: fee },
      distributor: { flatBase: 0 },
      superDistributor: { flatBase: 0 },
    });
    const saved = await call<{ scheme: { id: string; categorySlabs: unknown } }>(
      `${api.url}/api/admin/commissionScheme`,
      {
        body: {
          name: 'Electricity heavy',
          service: 'bbps',
          slabs: [flat(1)],
          categorySlabs: { electricity: [flat(9)] },
        },
        headers: bearer(adminToken),
      },
    );
    expect(saved.status).toBe(200);
    const counter = await shop();
    const assigned = await call(`${api.url}/api/admin/commissionSchemeAssign`, {
      body: { mobile: counter.user.mobile, service: 'bbps', schemeId: saved.body.scheme.id },
      headers: bearer(adminToken),
    });
    expect(assigned.status).toBe(200);
    const edit = await call<{ scheme: { categorySlabs: unknown } }>(
      `${api.url}/api/admin/commissionScheme`,
      {
        body: {
          id: saved.body.scheme.id,
          name: 'Electricity heavy',
          service: 'bbps',
          slabs: [flat(2)],
        },
        headers: bearer(adminToken),
      },
    );
    expect(edit.body.scheme.categorySlabs).toEqual({ electricity: [flat(9)] });
    const { answer } = await payDhbvn(counter, dhbvnAccount());
    // DHBVN is electricity: ₹9, all the shop's (its uplines' shares are nil in this scheme).
    expect(answer.body.data.commission).toBe(9);
  });
});
