import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, indiaDay, PagingMessages } from '@khata/domain';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { fund, ledgerViolations, payoutReaches, saveBeneficiary } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

interface Line {
  orderID: string;
  kind: string;
  narration: string;
  recordType: string | null;
  recordId: string | null;
  credit: number;
  debit: number;
  held: number;
  balanceAfter: number;
}

interface Statement {
  data: Line[];
  total: number;
  openingBalance: number;
  closingBalance: number;
  totals: { credit: number; debit: number };
  user: { id: string; name: string; mobile: string };
  from: string;
  to: string;
  message?: string;
}

/** Paise from rupee figures, so sums of 2-decimal numbers compare exactly. */
const paise = (rupees: number) => Math.round(rupees * 100);
const masked = (account: string) => `${'X'.repeat(account.length - 4)}${account.slice(-4)}`;

/**
 * Issue 14, the ledger report (`/user/ledger`, `/user/ledger/csv`) on the real API, Postgres,
 * worker and sandbox rail: whose ledger a caller may read, the lines in plain words with the
 * fee, the commission and its TDS on lines of their own, the figures that add up, bad input,
 * and the CSV equal to the JSON.
 */
describe('the ledger report', () => {
  let api: TestApi;
  let admin: GivenUser;
  let tokens: Map<string, string>;
  let net: Record<'sd' | 'distributor' | 'retailer' | 'otherDistributor' | 'outsider', GivenUser>;

  beforeAll(async () => {
    api = await startTestApi({
      LOG_LEVEL: 'silent',
      RAIL_SANDBOX_LATENCY_MS: '100',
      PAYOUT_SWEEP_INTERVAL_MS: '300',
    });
    admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin, name: 'Sagar SD' });
    const distributor = await given(api).user({ role: 'distributor', parent: sd, name: 'Dev D' });
    const retailer = await given(api).user({ parent: distributor, name: 'Ramesh Stores' });
    const otherDistributor = await given(api).user({ role: 'distributor', parent: admin });
    const outsider = await given(api).user({ parent: otherDistributor });
    net = { sd, distributor, retailer, otherDistributor, outsider };
    tokens = new Map();
    for (const user of [admin, ...Object.values(net)]) tokens.set(user.id, await signIn(api, user));
  });
  afterAll(async () => {
    await api.close();
  });

  const tokenOf = (user: GivenUser) => tokens.get(user.id)!;
  const ledger = (who: GivenUser, body: Record<string, unknown> = {}) =>
    call<Statement>(`${api.url}/api/user/ledger`, { body, headers: bearer(tokenOf(who)) });
  const csv = (who: GivenUser, body: Record<string, unknown> = {}) =>
    call<{ csv: string; message?: string }>(`${api.url}/api/user/ledger/csv`, {
      body,
      headers: bearer(tokenOf(who)),
    });

  /** What the figures must say of any statement: opening + lines = closing, totals = lines. */
  function expectItAddsUp(statement: Statement) {
    const credits = statement.data.reduce((sum, line) => sum + paise(line.credit), 0);
    const debits = statement.data.reduce((sum, line) => sum + paise(line.debit), 0);
    expect(statement.data).toHaveLength(statement.total);
    expect(paise(statement.openingBalance) + credits - debits).toBe(
      paise(statement.closingBalance),
    );
    expect([paise(statement.totals.credit), paise(statement.totals.debit)]).toEqual([
      credits,
      debits,
    ]);
    for (const line of statement.data) {
      // Plain words: never an event code (`payout.processed`) or a camelCase type.
      expect(line.narration).not.toMatch(/[a-z]+\.[a-z]+|^[a-z]+[A-Z]|^(Credit|Debit)$/);
    }
  }

  it('lets an admin read anyone, a distributor its downline, a user itself, and refuses the rest', async () => {
    const { sd, distributor, retailer, otherDistributor, outsider } = net;
    const allowed: [GivenUser, GivenUser][] = [
      [admin, retailer],
      [admin, outsider],
      [sd, retailer],
      [sd, distributor],
      [distributor, retailer],
      [retailer, retailer],
    ];
    for (const [viewer, owner] of allowed) {
      const answer = await ledger(viewer, { userId: owner.id });
      expect([viewer.name, owner.name, answer.status, answer.body.user?.id]).toEqual([
        viewer.name,
        owner.name,
        200,
        owner.id,
      ]);
    }
    const refused: [GivenUser, GivenUser][] = [
      [sd, outsider],
      [distributor, outsider],
      [distributor, sd],
      [otherDistributor, retailer],
      [retailer, distributor],
      [retailer, outsider],
    ];
    for (const [viewer, owner] of refused) {
      const answer = await ledger(viewer, { userId: owner.id });
      expect([viewer.name, owner.name, answer.status, answer.body.message]).toEqual([
        viewer.name,
        owner.name,
        404,
        'User not found',
      ]);
      const file = await csv(viewer, { userId: owner.id });
      expect([file.status, file.body.message]).toEqual([404, 'User not found']);
    }
    // A user id that does not exist reads the same.
    expect((await ledger(admin, { userId: randomUUID() })).status).toBe(404);
    // Without a userId, one's own.
    expect((await ledger(retailer)).body.user.id).toBe(retailer.id);
  });

  it('shows a processed payout under a distributor as the payout, its fee, and each commission with its TDS, in words', async () => {
    const { sd, distributor, retailer } = net;
    await fund(api, retailer, 1000_00);
    const payee = await saveBeneficiary(api, retailer, { ending: '123' });
    const paid = await call<{ transactionRecord: { _id: string } }>(
      `${api.url}/api/payment/bankTransfer`,
      {
        body: {
          amount: 500,
          beneficiaryName: payee.name,
          beneficiaryAccountNumber: payee.accountNumber,
          beneficiaryIfscCode: payee.ifsc,
          paymentMode: 'IMPS',
        },
        headers: {
          ...bearer(tokenOf(retailer)),
          pin: retailer.pin,
          'idempotency-key': randomUUID(),
        },
      },
    );
    expect(paid.status).toBe(200);
    const id = paid.body.transactionRecord._id;
    await payoutReaches(api, id, ['processed']);

    // The retailer's wallet, read by an admin: the payout and its fee, each on its own line.
    const wallet = (await ledger(admin, { userId: retailer.id, pageSize: 100 })).body;
    const who = `${payee.name} (${masked(payee.accountNumber)})`;
    expect(
      wallet.data
        .filter((line) => line.recordId === id && line.kind !== 'hold')
        .map((line) => [line.kind, line.narration, line.debit, line.balanceAfter]),
    ).toEqual([
      ['amount', `Bank payout to ${who}`, 500, 500],
      ['fee', `Fee for bank payout to ${who}`, 15, 485],
    ]);
    expectItAddsUp(wallet);

    // The distributor's commission account, read by its super distributor: ₹3 gross and the
    // TDS withheld (20%: no PAN on file), each on its own line with the balance after it.
    const commission = (owner: GivenUser, viewer: GivenUser) =>
      ledger(viewer, { userId: owner.id, account: 'commission', pageSize: 100 }).then(
        (answer) => answer.body,
      );
    const distributors = await commission(distributor, sd);
    expect(
      distributors.data.map((line) => [
        line.kind,
        line.narration,
        line.credit,
        line.debit,
        line.balanceAfter,
        line.recordId,
      ]),
    ).toEqual([
      ['commission', 'Commission from Ramesh Stores on a bank payout', 3, 0, 3, id],
      ['tds', 'TDS 194H withheld on commission from Ramesh Stores', 0, 0.6, 2.4, id],
    ]);
    expectItAddsUp(distributors);
    const sds = await commission(sd, sd);
    expect(sds.data.map((line) => [line.kind, line.credit, line.debit, line.balanceAfter])).toEqual(
      [
        ['commission', 1, 0, 1],
        ['tds', 0, 0.2, 0.8],
      ],
    );
    expect(sds.totals).toEqual({ credit: 1, debit: 0.2 });
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('pages on the server, adds up, and counts a new movement at once', async () => {
    const owner = await given(api).user({ parent: net.distributor });
    tokens.set(owner.id, await signIn(api, owner));
    for (const rupees of [100, 250.5, 75]) await fund(api, owner, paise(rupees));
    const all = (await ledger(net.sd, { userId: owner.id, pageSize: 100 })).body;
    expect(all.data.map((line) => [line.credit, line.balanceAfter])).toEqual([
      [100, 100],
      [250.5, 350.5],
      [75, 425.5],
    ]);
    expectItAddsUp(all);
    expect(all.to).toBe(indiaDay(new Date()));
    const pages = [];
    for (const page of [1, 2]) {
      pages.push(...(await ledger(net.sd, { userId: owner.id, pageSize: 2, page })).body.data);
    }
    expect(pages).toEqual(all.data);
    const beyond = (await ledger(net.sd, { userId: owner.id, pageSize: 2, page: 3 })).body;
    expect([beyond.data, beyond.total]).toEqual([[], 3]);

    // The range's figures follow the ledger: a new credit shows in the next read.
    await fund(api, owner, paise(10));
    const after = (await ledger(owner, { pageSize: 1 })).body;
    expect([after.total, after.closingBalance, after.totals.credit]).toEqual([4, 435.5, 435.5]);

    // A range that ended yesterday: nothing in it, the balance before today on both sides.
    const yesterday = addDays(indiaDay(new Date()), -1);
    const past = (await ledger(owner, { from: addDays(yesterday, -10), to: yesterday })).body;
    expect([past.total, past.openingBalance, past.closingBalance]).toEqual([0, 0, 0]);
  });

  it('refuses bad input with a message and a 400', async () => {
    const today = indiaDay(new Date());
    const cases: [Record<string, unknown>, string][] = [
      [{ from: addDays(today, -400), to: today }, 'A statement covers at most 400 days'],
      [{ to: addDays(today, -400), from: undefined }, ''],
      [{ from: today, to: addDays(today, -1) }, 'The start date comes after the end date.'],
      [{ from: '2026-02-30' }, 'Dates must read YYYY-MM-DD.'],
      [{ pageSize: 101 }, PagingMessages.pageSizeInvalid(100)],
      [{ page: 0 }, PagingMessages.pageInvalid],
      [{ account: 'savings' }, 'Account must be one of'],
      [{ userId: 'not-a-user' }, 'Unknown user.'],
    ];
    for (const [body, message] of cases) {
      const answer = await ledger(net.retailer, body);
      if (!message) {
        // `to` alone reads the longest range that ends there: allowed.
        expect(answer.status).toBe(200);
        continue;
      }
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), 400]);
      expect(answer.body.message).toContain(message);
      expect((await csv(net.retailer, body)).status).toBe(400);
    }
    // The longest range allowed is 400 days, both ends counted.
    expect((await ledger(net.retailer, { from: addDays(today, -399), to: today })).status).toBe(
      200,
    );
  });

  it('downloads the range as CSV, a row for each line of the JSON, in the same order and words', async () => {
    const statement = (await ledger(admin, { userId: net.retailer.id, pageSize: 100 })).body;
    const file = await csv(admin, { userId: net.retailer.id });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(
      `ledger-${net.retailer.mobile}-wallet-`,
    );
    const [header, ...rows] = parse(file.body.csv, { bom: true }) as string[][];
    expect(header).toEqual([
      'Date (IST)',
      'Reference',
      'Narration',
      'Transaction',
      'Debit (INR)',
      'Credit (INR)',
      'On hold (INR)',
      'Balance after (INR)',
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows).toEqual(
      statement.data.map((line) => [
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        line.orderID,
        line.narration,
        line.recordId ?? '',
        line.debit.toFixed(2),
        line.credit.toFixed(2),
        line.held.toFixed(2),
        line.balanceAfter.toFixed(2),
      ]),
    );
  });
  // Last in the file: it writes postings straight into the ledger's tables (forward, as
  // bench:reports builds them), which a check of the hash chain would not accept.
  it('stops a CSV export the client leaves: the query ends and the connection goes back', async () => {
    const owner = await given(api).user({ parent: net.distributor });
    const [wallet] = await query<{ id: string }>(
      api,
      `SELECT account_id AS id FROM ledger_balances_view WHERE owner_id = $1 AND kind = 'wallet'`,
      [owner.id],
    );
    const count = 60_000;
    await query(
      api,
      `WITH base AS (SELECT coalesce(max(seq), 0) AS seq FROM ledger_events),
            events AS (
              INSERT INTO ledger_events (id, type, stream, stream_version, data)
              SELECT gen_random_uuid(), 'wallet.credited', 'cancel-test:' || k, 1, '{}'
                FROM generate_series(1, $2::int) k RETURNING seq)
       INSERT INTO ledger_postings (event_seq, account_id, amount, balance_after, version_after, hash)
       SELECT events.seq, $1::uuid, 100, 100 * (events.seq - base.seq), events.seq - base.seq,
              '\\x00'::bytea
         FROM events, base`,
      [wallet!.id, count],
    );
    const exports = () =>
      query<{ n: number }>(
        api,
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE '%WITH acct AS MATERIALIZED%'
            AND pid <> pg_backend_pid() AND state <> 'idle'`,
      ).then((rows) => rows[0]!.n);

    const abort = new AbortController();
    const response = await fetch(`${api.url}/api/user/ledger/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(tokenOf(admin)) },
      body: JSON.stringify({ userId: owner.id }),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(await exports()).toBe(1);
    abort.abort();
    await reader.cancel().catch(() => undefined);
    // The export notices at its next batch: its query ends, its transaction rolls back.
    await eventually(async () => ((await exports()) === 0 ? true : undefined));
    // The API goes on answering, the same statement included.
    const after = await ledger(admin, { userId: owner.id, pageSize: 1 });
    expect([after.status, after.body.total]).toEqual([200, count]);
  });
});
