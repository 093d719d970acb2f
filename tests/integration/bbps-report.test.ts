import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { DHBVN_BILLER_ID, indiaDay, type MonthlyStats } from '@khata/domain';
import { BBPS_CODES, cardLast4, dhbvnAccount, SHOP_PLACE } from '../support/bbps.js';
import { MovableClock } from '../support/clock.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund } from '../support/payouts.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

interface Row {
  id: string;
  status: string;
  billerId: string;
  categoryCode: string;
  amount: number;
  ccf: number;
  commission: number | null;
  refId: string;
  bbpsReference: string | null;
  params: { name: string; value: string }[];
  shop: { id: string };
}
interface Page {
  data: Row[];
  total: number;
  totals: { count: number; amount: number; ccf: number; commission: number };
  message?: string;
}

const MOBILE = '9812345678';
const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * The bill payment report (issue 27, `/admin/eBillReport`): the caller's scope, its filters,
 * totals that are the sum of its rows, a CSV that is its rows (a card masked), and Monthly Stats'
 * bill payments equal to its totals for the month with every reconciliation line green.
 */
describe('BBPS report: scope, filters, totals, CSV and Monthly Stats agree', () => {
  let api: TestApi;
  let admin: GivenUser;
  let distributor: GivenUser;
  let otherDistributor: GivenUser;
  const shops: { user: GivenUser; token: string }[] = [];
  const paid: Row[] = [];
  let cardLast: string;
  let adminToken: string;
  let distributorToken: string;
  const clock = new MovableClock();

  async function shop(parent: GivenUser) {
    const user = await given(api).user({ parent });
    // Projected at once: Monthly Stats' read-model line is asked below.
    await fund(api, user, 1_00_000_00, 'wallet', { projected: true });
    const one = { user, token: await signIn(api, user) };
    shops.push(one);
    return one;
  }

  const pay = async (
    who: { user: GivenUser; token: string },
    billerId: string,
    params: Record<string, string>,
    amount?: number,
  ) => {
    let fetchId: string | undefined;
    let due = amount;
    if (amount === undefined) {
      const bill = await call<{ data: { fetchId: string; amount: number } }>(
        `${api.url}/api/bbps/bills/fetch`,
        {
          body: { billerId, params, customerMobile: MOBILE, ...SHOP_PLACE },
          headers: bearer(who.token),
        },
      );
      expect(bill.status).toBe(200);
      fetchId = bill.body.data.fetchId;
      due = bill.body.data.amount;
    }
    const answer = await call<{ data: Row }>(`${api.url}/api/bbps/payments`, {
      body: {
        billerId,
        params,
        fetchId,
        amount: due,
        customerMobile: MOBILE,
        pin: who.user.pin,
        ...SHOP_PLACE,
      },
      headers: { ...bearer(who.token), 'idempotency-key': randomUUID() },
    });
    expect(answer.status).toBe(200);
    paid.push(answer.body.data);
    return answer.body.data;
  };
  const dhbvn = (account: string) => ({ 'Account Number': account, 'Mobile Number': MOBILE });

  const report = (token: string, filters: Record<string, string> = {}) =>
    call<Page>(
      `${api.url}/api/bbps/payments?${new URLSearchParams({ pageSize: '100', ...filters })}`,
      { method: 'GET', headers: bearer(token) },
    );
  const csv = async (token: string, filters: Record<string, string> = {}) => {
    const answer = await call<{ csv: string }>(
      `${api.url}/api/bbps/payments.csv?${new URLSearchParams(filters)}`,
      { method: 'GET', headers: bearer(token) },
    );
    expect(answer.status).toBe(200);
    const [header, ...rows] = parse(answer.body.csv, { bom: true }) as string[][];
    return { header: header!, rows };
  };

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'silent' }, { clock });
    admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
    otherDistributor = await given(api).user({ role: 'distributor', parent: sd });
    adminToken = await signIn(api, admin);
    distributorToken = await signIn(api, distributor);

    const first = await shop(distributor);
    const second = await shop(distributor);
    const elsewhere = await shop(otherDistributor);
    await pay(first, DHBVN_BILLER_ID, dhbvn(dhbvnAccount()));
    await pay(first, DHBVN_BILLER_ID, dhbvn(dhbvnAccount(BBPS_CODES.payFails)));
    await pay(second, DHBVN_BILLER_ID, dhbvn(dhbvnAccount(BBPS_CODES.pendingThenPaid)));
    await pay(second, DHBVN_BILLER_ID, dhbvn(dhbvnAccount()));
    await pay(elsewhere, DHBVN_BILLER_ID, dhbvn(dhbvnAccount()));
    const cards = await call<{
      data: { id: string; adhoc: boolean; params: { name: string }[] }[];
    }>(`${api.url}/api/bbps/billers?category=credit-card`, {
      method: 'GET',
      headers: bearer(first.token),
    });
    const card = cards.body.data.find((one) => one.adhoc)!;
    cardLast = cardLast4();
    await pay(
      first,
      card.id,
      Object.fromEntries(
        card.params.map((param) => [param.name, /card/i.test(param.name) ? cardLast : MOBILE]),
      ),
      7500,
    );
    expect(paid.map((one) => one.status).sort()).toEqual([
      'failed',
      'processed',
      'processed',
      'processed',
      'processed',
      'processing',
    ]);
  });
  afterAll(async () => {
    await api.close();
  });

  it('shows a shop its own payments, a distributor its network and an admin everyone', async () => {
    const [first, second, elsewhere] = shops;
    const ids = async (token: string, filters?: Record<string, string>) =>
      (await report(token, filters)).body.data.map((row) => row.id).sort();
    const of = (...who: (typeof shops)[number][]) =>
      paid
        .filter((row) => who.some((one) => one.user.id === row.shop.id))
        .map((row) => row.id)
        .sort();
    expect(await ids(first!.token)).toEqual(of(first!));
    expect(await ids(distributorToken)).toEqual(of(first!, second!));
    expect(await ids(adminToken)).toEqual(of(first!, second!, elsewhere!));
    // One shop of the caller's network; a shop outside it is as unknown as none.
    expect(await ids(distributorToken, { shopId: second!.user.id })).toEqual(of(second!));
    const outside = await report(distributorToken, { shopId: elsewhere!.user.id });
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe('User not found');
    expect((await report(first!.token, { shopId: second!.user.id })).status).toBe(404);
  });

  it('filters by status, category and biller, and refuses a bad filter with a 400', async () => {
    const failed = await report(adminToken, { status: 'failed' });
    expect(failed.body.data.map((row) => row.status)).toEqual(['failed']);
    const cards = await report(adminToken, { category: 'credit-card' });
    expect(cards.body.data).toHaveLength(1);
    expect(cards.body.data[0]!.params.some((param) => param.value === `XXXX ${cardLast}`)).toBe(
      true,
    );
    const dhbvnRows = await report(adminToken, { billerId: DHBVN_BILLER_ID });
    expect(dhbvnRows.body.data).toHaveLength(5);
    const bad = await report(adminToken, { status: 'paid' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Status must be one of/);
    const long = await report(adminToken, { from: '2026-01-01', to: '2026-06-30' });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A report covers at most 92 days.');
  });

  it('totals are the sums of the processed rows, in every scope', async () => {
    for (const token of [adminToken, distributorToken, shops[0]!.token]) {
      const page = await report(token);
      const done = page.body.data.filter((row) => row.status === 'processed');
      expect(page.body.total).toBe(page.body.data.length);
      expect(page.body.totals.count).toBe(done.length);
      expect(paise(page.body.totals.amount)).toBe(done.reduce((s, r) => s + paise(r.amount), 0));
      expect(paise(page.body.totals.ccf)).toBe(done.reduce((s, r) => s + paise(r.ccf), 0));
      expect(paise(page.body.totals.commission)).toBe(
        done.reduce((s, r) => s + paise(r.commission ?? 0), 0),
      );
    }
    expect((await report(adminToken)).body.totals.count).toBe(4);
  });

  it('the CSV holds exactly the page’s rows, in its order, with the card masked', async () => {
    for (const [token, filters] of [
      [adminToken, {}],
      [distributorToken, {}],
      [adminToken, { status: 'processed' }],
      [distributorToken, { shopId: shops[1]!.user.id }],
    ] as const) {
      const page = await report(token, filters);
      const file = await csv(token, filters);
      const at = (name: string) => file.header.indexOf(name);
      expect(file.rows.map((row) => row[at('Reference ID')])).toEqual(
        page.body.data.map((row) => row.refId),
      );
      expect(file.rows.map((row) => Number(row[at('Amount (₹)')]))).toEqual(
        page.body.data.map((row) => row.amount),
      );
      expect(file.rows.map((row) => Number(row[at('CCF (₹)')]))).toEqual(
        page.body.data.map((row) => row.ccf),
      );
      expect(file.rows.map((row) => row[at('Commission (₹)')] || null)).toEqual(
        page.body.data.map((row) => (row.commission === null ? null : row.commission.toFixed(2))),
      );
      expect(file.rows.map((row) => row[at('BBPS reference')] || null)).toEqual(
        page.body.data.map((row) => row.bbpsReference),
      );
    }
    const all = await csv(adminToken);
    const param = all.header.indexOf('Customer parameter');
    const card = all.rows.find((row) => row[param]!.includes(`XXXX ${cardLast}`));
    expect(card).toBeDefined();
    expect(all.rows.some((row) => row.join(',').includes(`: ${cardLast}`))).toBe(false);
    const bad = await call(`${api.url}/api/bbps/payments.csv?status=paid`, {
      method: 'GET',
      headers: bearer(adminToken),
    });
    expect(bad.status).toBe(400);
  });

  it('Monthly Stats’ bill payments equal the report’s totals for the month; every line holds', async () => {
    const today = indiaDay(clock.now());
    const month = today.slice(0, 7);
    const stats = await call<{ data: MonthlyStats }>(`${api.url}/api/admin/monthlyStats`, {
      body: { month },
      headers: bearer(adminToken),
    });
    expect(stats.status).toBe(200);
    const page = await report(adminToken, { from: `${month}-01`, to: today });
    const { bbps } = stats.body.data;
    expect(bbps.paid).toEqual({
      count: page.body.totals.count,
      amount: page.body.totals.amount,
      ccf: page.body.totals.ccf,
      commission: page.body.totals.commission,
    });
    expect(bbps.paid.commission).toBeGreaterThan(0);
    const pending = page.body.data.filter((row) => row.status === 'processing');
    expect(bbps.pending.count).toBe(pending.length);
    expect(paise(bbps.pending.amount)).toBe(pending.reduce((s, r) => s + paise(r.amount), 0));
    expect(bbps.failed.count).toBe(1);
    expect(stats.body.data.reconciliation.filter((line) => !line.ok)).toEqual([]);
    expect(stats.body.data.reconciled).toBe(true);
  });
});
