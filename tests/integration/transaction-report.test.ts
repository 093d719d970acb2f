import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ReportMessages, roleName } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { CSV_EXPORTS_AT_ONCE, CsvMessages } from '../../apps/api/src/reports/csv-stream.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { payoutReaches, saveBeneficiary } from '../support/payouts.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Row = Record<string, unknown>;

interface ReportRow {
  _id: string;
  type: string;
  status: string;
  direction: string;
  amount: { amount: number };
  fee: number;
  externalRef: string | null;
  payload: { orderID: string };
  user: { id: string; name: string; mobile: string };
}

interface ReportAnswer {
  data: ReportRow[];
  total: number;
  page: number;
  pageSize: number;
  from: string;
  to: string;
  totals: {
    count: number;
    amount: number;
    fee: number;
    byStatus: { status: string; count: number; amount: number; fee: number }[];
  };
  message?: string;
}

const paise = (rupees: number) => Math.round(rupees * 100);
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * The transaction report engine (issue 14): whose rows each caller reads (an admin everyone,
 * narrowed to a user or a subtree; a distributor its downline; a retailer itself), the
 * filters and search, totals that are the sums of the rows, bad input refused with a message,
 * and the CSV of the same set, whose cancelled download gives its connection back.
 *
 * The network: super distributor S > distributor D1 > retailers R1, R2; distributor D2 > R3.
 */
describe('the transaction report engine', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  const people: Record<string, { user: GivenUser; token: string }> = {};
  let payoutId: string;
  let utr: string;
  let payeeAccount: string;

  const money = (token: string, pin: string) => ({
    ...bearer(token),
    pin,
    'idempotency-key': randomUUID(),
  });

  const report = (token: string, body: Row = {}) =>
    call<ReportAnswer>(`${api.url}/api/reports/transactions`, {
      body: { pageSize: 100, ...body },
      headers: bearer(token),
    });

  async function person(
    name: string,
    kind: 'sdistributor' | 'distributor' | 'employee2',
    parent?: GivenUser,
  ) {
    const user = await given(api).user({ role: roleName(kind, api.config.productKey), parent });
    people[name] = { user, token: await signIn(api, user) };
    return user;
  }

  async function credit(user: GivenUser, amount: number) {
    const answer = await call(`${api.url}/api/admin/creditWallet`, {
      body: { mobile: user.mobile, amount, remark: 'float' },
      headers: money(adminToken, admin.pin),
    });
    expect(answer.status).toBe(200);
  }

  beforeAll(async () => {
    api = await startTestApi({
      LOG_LEVEL: 'silent',
      RAIL_SANDBOX_LATENCY_MS: '50',
      PAYOUT_SWEEP_INTERVAL_MS: '300',
    });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    const s = await person('S', 'sdistributor');
    const d1 = await person('D1', 'distributor', s);
    await person('R1', 'employee2', d1);
    await person('R2', 'employee2', d1);
    const d2 = await person('D2', 'distributor');
    await person('R3', 'employee2', d2);
    await credit(people.R1!.user, 1000);
    await credit(people.R2!.user, 200);
    await credit(people.R3!.user, 300);
    // R1 pays a bank payout (paid: it gets a UTR) and sends R2 money.
    const payee = await saveBeneficiary(api, people.R1!.user, { ending: '123' });
    payeeAccount = payee.accountNumber;
    const paid = await call<{ transactionRecord: { _id: string } }>(
      `${api.url}/api/payment/bankTransfer`,
      {
        body: {
          amount: 250,
          beneficiaryName: payee.name,
          beneficiaryAccountNumber: payee.accountNumber,
          beneficiaryIfscCode: payee.ifsc,
          paymentMode: 'IMPS',
        },
        headers: money(people.R1!.token, people.R1!.user.pin),
      },
    );
    expect(paid.status).toBe(200);
    payoutId = paid.body.transactionRecord._id;
    utr = (await payoutReaches(api, payoutId, ['processed'])).utr!;
    expect(utr).toBeTruthy();
    const sent = await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { mobile: people.R2!.user.mobile, amount: 40.5, remark: 'stock' },
      headers: money(people.R1!.token, people.R1!.user.pin),
    });
    expect(sent.status).toBe(200);
    // The read model follows the log: wait until R1's four records are there, the payout paid.
    await eventually(async () => {
      const answer = await report(people.R1!.token);
      const settled = answer.body.data.find((row) => row._id === payoutId)?.externalRef === utr;
      return answer.body.total === 3 && settled ? true : undefined;
    });
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  /** A CSV download over a plain socket, so a cancel surely closes it: its status, then text or cancel. */
  function startDownload(body: Row) {
    return new Promise<{ status: number; text: () => Promise<string>; cancel: () => void }>(
      (resolve, reject) => {
        const sent = http.request(
          `${api.url}/api/reports/transactions.csv`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(adminToken) },
          },
          (answer) =>
            resolve({
              status: answer.statusCode ?? 0,
              text: async () => {
                let text = '';
                for await (const chunk of answer) text += String(chunk);
                return text;
              },
              cancel: () => sent.destroy(),
            }),
        );
        sent.on('error', (error) =>
          error.message === 'socket hang up' ? undefined : reject(error),
        );
        sent.end(JSON.stringify(body));
      },
    );
  }

  const usersOf = (answer: ReportAnswer) => new Set(answer.data.map((row) => row.user.id));
  const id = (name: string) => people[name]!.user.id;

  it('shows an admin everyone, one user, or one subtree', async () => {
    const everyone = await report(adminToken);
    expect(everyone.status).toBe(200);
    for (const name of ['R1', 'R2', 'R3']) expect(usersOf(everyone.body)).toContain(id(name));

    const one = await report(adminToken, { userId: id('R2') });
    expect([...usersOf(one.body)]).toEqual([id('R2')]);
    // R2: the admin's credit and R1's transfer.
    expect(one.body.total).toBe(2);

    const subtree = await report(adminToken, { userId: id('D1'), subtree: true });
    expect(usersOf(subtree.body)).toEqual(new Set([id('R1'), id('R2')]));
    const fromTop = await report(adminToken, { userId: id('S'), subtree: true });
    expect(fromTop.body.total).toBe(subtree.body.total);
    const unknown = await report(adminToken, { userId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
  });

  it("shows a distributor its downline, and refuses another network's user", async () => {
    const own = await report(people.D1!.token);
    expect(own.status).toBe(200);
    expect(usersOf(own.body)).toEqual(new Set([id('R1'), id('R2')]));
    const top = await report(people.S!.token);
    expect(usersOf(top.body)).toEqual(new Set([id('R1'), id('R2')]));

    const narrowed = await report(people.D1!.token, { userId: id('R1') });
    expect(usersOf(narrowed.body)).toEqual(new Set([id('R1')]));
    for (const outsider of ['R3', 'D2', 'S']) {
      const refused = await report(people.D1!.token, { userId: id(outsider) });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('User not found');
    }
    const other = await report(people.D2!.token, { search: utr });
    expect(other.body.total).toBe(0);

    // The receipt follows the same rule: D1 opens R1's payout, D2 does not.
    const receipt = (token: string) =>
      call<{ transactionRecord?: Row; message?: string }>(`${api.url}/api/user/transaction`, {
        body: { id: payoutId },
        headers: bearer(token),
      });
    expect((await receipt(people.D1!.token)).body.transactionRecord).toMatchObject({
      _id: payoutId,
      externalRef: utr,
    });
    expect((await receipt(people.D2!.token)).status).toBe(404);
  });

  it('shows a retailer only itself', async () => {
    const own = await report(people.R2!.token);
    expect(usersOf(own.body)).toEqual(new Set([id('R2')]));
    const refused = await report(people.R2!.token, { userId: id('R1') });
    expect(refused.status).toBe(404);
    const subtree = await report(people.R2!.token, { userId: id('R2'), subtree: true });
    expect(usersOf(subtree.body)).toEqual(new Set([id('R2')]));
  });

  it('filters, sorts, pages, and totals the whole set, each transaction once', async () => {
    const all = await report(adminToken, { userId: id('D1'), subtree: true });
    const rows = all.body.data;
    expect(all.body.total).toBe(rows.length);
    // Issue 23: a transfer with both sides in the set is one transaction (its paying side's
    // amount and fee), and only money that moved counts in the amount and fee.
    const once = [
      ...new Map(
        [...rows]
          .sort((a, b) => Number(a.direction === 'debit') - Number(b.direction === 'debit'))
          .map((row) => [row._id, row]),
      ).values(),
    ];
    expect(once.length).toBeLessThan(rows.length);
    expect(all.body.totals.count).toBe(once.length);
    const moved = once.filter((row) => ['success', 'processed'].includes(row.status));
    expect(paise(all.body.totals.amount)).toBe(
      moved.reduce((sum, row) => sum + paise(row.amount.amount), 0),
    );
    expect(paise(all.body.totals.fee)).toBe(moved.reduce((sum, row) => sum + paise(row.fee), 0));
    expect(all.body.totals.fee).toBeGreaterThan(0);
    for (const group of all.body.totals.byStatus) {
      const of = once.filter((row) => row.status === group.status);
      expect(group.count).toBe(of.length);
      expect(paise(group.amount)).toBe(of.reduce((sum, row) => sum + paise(row.amount.amount), 0));
    }
    expect(all.body.from <= indiaToday() && all.body.to === indiaToday()).toBe(true);

    // A page is a slice of the set; the totals stay those of the whole set.
    const page2 = await report(adminToken, {
      userId: id('D1'),
      subtree: true,
      sort: 'amount',
      order: 'asc',
      page: 2,
      pageSize: 2,
    });
    const ascending = rows.map((row) => paise(row.amount.amount)).sort((a, b) => a - b);
    expect(page2.body.data.map((row) => paise(row.amount.amount))).toEqual(ascending.slice(2, 4));
    expect(page2.body.totals).toEqual(all.body.totals);

    const payouts = await report(adminToken, { report: 'payouts' });
    expect(payouts.body.data.map((row) => row._id)).toEqual([payoutId]);
    const processed = await report(adminToken, { status: 'processed' });
    expect(processed.body.data.every((row) => row.status === 'processed')).toBe(true);
    expect(processed.body.total).toBe(1);
    const transfers = await report(adminToken, { report: 'walletTransfers' });
    // Both sides of R1's transfer to R2.
    expect(transfers.body.data.map((row) => row.direction).sort()).toEqual(['credit', 'debit']);
    const old = await report(adminToken, { from: '2020-01-01', to: '2020-01-31' });
    expect(old.body.total).toBe(0);
  });

  it('finds a payout by its UTR, order id, full account number, and a user by mobile', async () => {
    const byUtr = await report(adminToken, { search: utr });
    expect(byUtr.body.data.map((row) => [row._id, row.user.id])).toEqual([[payoutId, id('R1')]]);
    const byOrder = await report(adminToken, { search: byUtr.body.data[0]!.payload.orderID });
    expect(byOrder.body.data.map((row) => row._id)).toEqual([payoutId]);
    const byAccount = await report(adminToken, { search: payeeAccount });
    expect(byAccount.body.data.map((row) => row._id)).toEqual([payoutId]);
    const byMobile = await report(adminToken, { search: people.R3!.user.mobile });
    expect(usersOf(byMobile.body)).toEqual(new Set([id('R3')]));
  });

  it('refuses bad input with a message, never a 500', async () => {
    const cases: [Row, number, string | RegExp][] = [
      [{ from: '2026-01-01', to: '2026-04-03' }, 400, 'Choose a range of at most 92 days.'],
      [{ from: '2026-02-30' }, 400, 'Dates must read YYYY-MM-DD.'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 400, 'The start date comes after the end date.'],
      [{ sort: 'password_hash' }, 400, /^Sort must be one of/],
      [{ order: 'sideways' }, 400, 'Order must be asc or desc.'],
      [{ colour: 'red' }, 400, /colour/],
      [{ status: 'lost' }, 400, /^Status must be one of/],
      [
        { report: 'payouts', type: 'walletTransfer' },
        400,
        'This report does not hold that type of transaction.',
      ],
      [{ search: "1' OR '1'='1" }, 400, /^Search for an order id/],
      [{ userId: 'not-a-user' }, 400, 'Unknown user.'],
      [{ pageSize: 1000 }, 400, ReportMessages.pageSizeInvalid],
    ];
    for (const [body, status, message] of cases) {
      const answer = await report(adminToken, body);
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), status]);
      expect(answer.body.message).toMatch(message);
    }
    const exactly92 = await report(adminToken, { from: '2026-01-01', to: '2026-04-02' });
    expect(exactly92.status).toBe(200);
    const csvTooLong = await call(`${api.url}/api/reports/transactions.csv`, {
      body: { from: '2025-01-01', to: '2026-01-01' },
      headers: bearer(adminToken),
    });
    expect(csvTooLong.status).toBe(400);
    expect(csvTooLong.body.message).toBe('Choose a range of at most 92 days.');
    const csvOutside = await call(`${api.url}/api/reports/transactions.csv`, {
      body: { userId: id('R3') },
      headers: bearer(people.D1!.token),
    });
    expect(csvOutside.status).toBe(404);
  });

  it('downloads the same filtered set as CSV', async () => {
    const answer = await call<{ csv: string }>(`${api.url}/api/reports/transactions.csv`, {
      body: { userId: id('D1'), subtree: true },
      headers: bearer(people.S!.token),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /attachment; filename="transactions-/,
    );
    const lines = answer.body.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (IST),Order ID,Transaction ID,User,User mobile,Type,Direction,Status,Amount (₹),Fee (₹),Other side,Account / mobile,UTR,Balance after (₹),Message',
    );
    const page = await report(people.S!.token, { userId: id('D1'), subtree: true });
    expect(lines).toHaveLength(page.body.total + 1);
    const payoutLine = lines.find((line) => line.includes(utr))!;
    expect(payoutLine).toContain(`,${payoutId},`);
    expect(payoutLine).toContain(',Bank payout,Debit,Processed,250.00,');
    // R3 is another network's.
    expect(answer.body.csv).not.toContain(people.R3!.user.mobile);
  });

  it('gives the connection back when a huge CSV download is cancelled', async () => {
    // 300,000 rows of one user straight into the read model: more than the socket buffers hold.
    const bulk = await given(api).user();
    const db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM ledger_accounts WHERE owner_id = $1 LIMIT 1`,
        [bulk.id],
      );
      await db.query(
        `INSERT INTO transaction_records (record_id, user_id, stream, type, status, direction, account_id,
            amount, fee, details, opened_seq, stream_version, created_at, updated_at)
         SELECT 'bulk-' || g, $1, 'credit:bulk-' || g, 'walletCredit', 'success', 'credit', $2,
                100 + g, 0, jsonb_build_object('remark', 'bulk row ' || g), 900000000 + g, 1, now(), now()
           FROM generate_series(1, 300000) g`,
        [bulk.id, rows[0]!.id],
      );
      const exporting = () =>
        db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND query LIKE '%at_india%' AND state <> 'idle'`,
        );

      const controller = new AbortController();
      const response = await fetch(`${api.url}/api/reports/transactions.csv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(adminToken) },
        body: JSON.stringify({ userId: bulk.id }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('Date (IST)');
      // The download is under way, holding its cursor's transaction open.
      expect((await exporting()).rows[0]!.n).toBe(1);
      controller.abort();
      await reader.cancel().catch(() => undefined);
      await eventually(async () => ((await exporting()).rows[0]!.n === 0 ? true : undefined));

      // A burst of exports: CSV_EXPORTS_AT_ONCE stream, the others are refused with a message,
      // and every connection comes back once they are cancelled.
      const burst = await Promise.all(
        Array.from({ length: CSV_EXPORTS_AT_ONCE + 2 }, () => startDownload({ userId: bulk.id })),
      );
      expect(burst.map((answer) => answer.status).sort()).toEqual([
        ...Array<number>(CSV_EXPORTS_AT_ONCE).fill(200),
        429,
        429,
      ]);
      for (const answer of burst.filter((each) => each.status === 429)) {
        expect(JSON.parse(await answer.text()) as { message: string }).toMatchObject({
          message: CsvMessages.busy,
        });
      }
      expect((await exporting()).rows[0]!.n).toBe(CSV_EXPORTS_AT_ONCE);
      // The rest of the API answers meanwhile.
      expect((await report(adminToken, { userId: id('R1') })).status).toBe(200);
      // The downloads are cancelled: their connections close.
      for (const answer of burst) answer.cancel();
      await eventually(async () => ((await exporting()).rows[0]!.n === 0 ? true : undefined));
      const again = await call<{ csv: string }>(`${api.url}/api/reports/transactions.csv`, {
        body: { userId: id('R2') },
        headers: bearer(adminToken),
      });
      expect(again.status).toBe(200);

      // And the API still answers.
      expect((await report(adminToken, { userId: bulk.id, pageSize: 1 })).body.total).toBe(300_000);
    } finally {
      await db.end();
    }
  }, 60_000);
});
