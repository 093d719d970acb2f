import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PagingMessages } from '@khata/domain';
import { Ledger, rebuildReadModel, type RecordOpened } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CatchUpHandler } from '../../apps/api/src/transactions/catch-up.job.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Row = Record<string, unknown>;

describe('the transaction read model and its reports', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;
  let db: pg.Client;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
    db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await api.close();
  });

  const money = (token: string, pin: string) => ({
    ...bearer(token),
    pin,
    'idempotency-key': randomUUID(),
  });

  async function person(rupees: number) {
    const user = await given(api).user();
    if (rupees)
      expect(
        (
          await call(`${api.url}/api/admin/creditWallet`, {
            body: { mobile: user.mobile, amount: rupees, remark: 'float' },
            headers: money(adminToken, admin.pin),
          })
        ).status,
      ).toBe(200);
    return { user, token: await signIn(api, user) };
  }

  const send = (from: { user: GivenUser; token: string }, to: GivenUser, amount: number) =>
    call<{ transactionRecord: Row }>(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { mobile: to.mobile, amount, remark: `to ${to.name}` },
      headers: money(from.token, from.user.pin),
    });

  const report = <T = Row>(path: string, token: string, body: Row = {}) =>
    call<T>(`${api.url}/api/user/${path}`, { body, headers: bearer(token) });

  /** The read model follows the log after commit: poll until it shows `count` records. */
  const transactionsOf = (token: string, count: number, body: Row = {}) =>
    eventually(async () => {
      const answer = await report<{ data: Row[]; total: number }>('transactions', token, body);
      return answer.body.total === count ? answer.body : undefined;
    });

  it('lists a transfer for both parties, each from their own side', async () => {
    const sender = await person(1000);
    const receiver = await person(0);
    const sent = await send(sender, receiver.user, 300.5);
    expect(sent.status).toBe(200);

    const senders = await transactionsOf(sender.token, 2);
    const receivers = await transactionsOf(receiver.token, 1);
    expect(senders.data[0]).toMatchObject({
      _id: sent.body.transactionRecord._id,
      type: 'walletTransfer',
      status: 'success',
      direction: 'debit',
      amount: { amount: 300.5 },
      balanceAfter: 699.5,
      remitterMobile: sender.user.mobile,
      payload: {
        data: { beneficiaryName: receiver.user.name, remark: `to ${receiver.user.name}` },
      },
    });
    // The answer to the transfer and the projected record are the same record.
    expect(senders.data[0]).toEqual(sent.body.transactionRecord);
    expect(senders.data[1]).toMatchObject({ type: 'walletCredit', direction: 'credit' });
    expect(receivers.data[0]).toMatchObject({
      _id: sent.body.transactionRecord._id,
      direction: 'credit',
      balanceAfter: 300.5,
    });
  });

  it('lists a page and its total from one snapshot while transfers are being projected', async () => {
    const sender = await person(100);
    const receiver = await person(0);
    await transactionsOf(sender.token, 1);
    let sending = true;
    const transfers = (async () => {
      for (let round = 0; round < 6; round++)
        await Promise.all([1, 2, 3, 4].map(() => send(sender, receiver.user, 1)));
      sending = false;
    })();
    // Every answer read while records appear lists exactly as many as its total counts.
    const answers: { listed: number; total: number }[] = [];
    while (sending) {
      const { body } = await report<{ data: Row[]; total: number }>('transactions', sender.token, {
        pageSize: 100,
      });
      answers.push({ listed: body.data.length, total: body.total });
    }
    await transfers;
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter(({ listed, total }) => listed !== total)).toEqual([]);
    expect((await transactionsOf(sender.token, 25, { pageSize: 100 })).data).toHaveLength(25);
  });

  it('filters by type, status and day, and pages newest first', async () => {
    const sender = await person(100);
    const receiver = await person(0);
    for (const amount of [1, 2, 3])
      expect((await send(sender, receiver.user, amount)).status).toBe(200);
    await transactionsOf(sender.token, 4);

    const transfers = await report<{ data: Row[]; total: number }>('transactions', sender.token, {
      type: 'walletTransfer',
      page: 1,
      pageSize: 2,
    });
    expect(transfers.body.total).toBe(3);
    expect(transfers.body.data.map((row) => (row.amount as { amount: number }).amount)).toEqual([
      3, 2,
    ]);
    const second = await report<{ data: Row[] }>('transactions', sender.token, {
      type: 'walletTransfer',
      page: 2,
      pageSize: 2,
    });
    expect(second.body.data.map((row) => (row.amount as { amount: number }).amount)).toEqual([1]);

    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(
      (await report<{ total: number }>('transactions', sender.token, { from: today, to: today }))
        .body.total,
    ).toBe(4);
    expect(
      (
        await report<{ total: number }>('transactions', sender.token, {
          from: '2020-01-01',
          to: '2020-01-31',
        })
      ).body.total,
    ).toBe(0);
    expect(
      (await report<{ total: number }>('transactions', sender.token, { status: 'reversed' })).body
        .total,
    ).toBe(0);
  });

  it('opens a receipt for its parties and admins only', async () => {
    const sender = await person(50);
    const receiver = await person(0);
    const stranger = await person(0);
    const { _id } = (await send(sender, receiver.user, 10)).body.transactionRecord;
    await transactionsOf(receiver.token, 1);

    const own = await report<{ transactionRecord: Row }>('transaction', receiver.token, {
      id: _id,
    });
    expect(own.status).toBe(200);
    expect(own.body.transactionRecord).toMatchObject({ _id, direction: 'credit' });
    const asAdmin = await report<{ transactionRecord: Row }>('transaction', adminToken, {
      id: _id,
    });
    expect(asAdmin.body.transactionRecord).toMatchObject({ _id, direction: 'debit' });
    const asStranger = await report('transaction', stranger.token, { id: _id });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body.message).toBe('No transactions found.');
  });

  it('states a wallet line by line with the balance after each, and the balances around a range', async () => {
    const owner = await person(500);
    const other = await person(0);
    await send(owner, other.user, 120);
    await send(owner, other.user, 30.25);

    const statement = await report<{
      data: Row[];
      total: number;
      openingBalance: number;
      closingBalance: number;
    }>('ledger', owner.token);
    expect(statement.status).toBe(200);
    expect(statement.body.data.map((line) => [line.credit, line.debit, line.balanceAfter])).toEqual(
      [
        [500, 0, 500],
        [0, 120, 380],
        [0, 30.25, 349.75],
      ],
    );
    expect(statement.body).toMatchObject({ total: 3, openingBalance: 0, closingBalance: 349.75 });
    expect(statement.body.data[1]).toMatchObject({
      recordType: 'walletTransfer',
      eventType: 'wallet.transferred',
    });

    const tomorrow = new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
    const later = await report<Row>('ledger', owner.token, { from: tomorrow });
    expect(later.body).toMatchObject({ data: [], openingBalance: 349.75, closingBalance: 349.75 });

    const page2 = await report<{ data: Row[] }>('ledger', owner.token, { page: 2, pageSize: 2 });
    expect(page2.body.data.map((line) => line.balanceAfter)).toEqual([349.75]);

    // An admin reads anyone's statement; nobody else reads another's.
    const asAdmin = await report<{ closingBalance: number }>('ledger', adminToken, {
      userId: owner.user.id,
    });
    expect(asAdmin.body.closingBalance).toBe(349.75);
    const asOther = await report('ledger', other.token, { userId: owner.user.id });
    // Someone outside the owner's network is answered as if the owner did not exist (issue 14).
    expect(asOther.status).toBe(404);
    expect(asOther.body).toMatchObject({ success: false, message: 'User not found' });
  });

  it('totals each month by account and event type, and the system accounts for admins', async () => {
    const owner = await person(200);
    const other = await person(0);
    await send(owner, other.user, 75);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const totals = await eventually(async () => {
      const answer = await report<{ data: Row[] }>('monthlyTotals', owner.token);
      return answer.body.data.length === 2 ? answer.body.data : undefined;
    });
    expect(totals).toEqual([
      { month, account: 'wallet', eventType: 'wallet.credited', credits: 200, debits: 0, count: 1 },
      {
        month,
        account: 'wallet',
        eventType: 'wallet.transferred',
        credits: 0,
        debits: 75,
        count: 1,
      },
    ]);
    const panel = await report<{ data: { accountDetails: Row } }>('cPanel-Logs', owner.token);
    expect(panel.body.data.accountDetails).toMatchObject({
      balance: 125,
      openingBalance: 0,
      totalCredit: 200,
      totalPayIn: 200,
      totalPayOut: 0,
      closingBalance: 125,
    });
    expect((await report('monthlyTotals', owner.token, { system: true })).status).toBe(403);
    const system = await report<{ data: Row[] }>('monthlyTotals', adminToken, {
      system: true,
      from: month,
    });
    expect(system.body.data).toContainEqual(
      expect.objectContaining({ account: 'system:funding', eventType: 'wallet.credited' }),
    );
  });

  it.each([
    [{ from: '2026-02-30' }, 'Dates must read YYYY-MM-DD.'],
    [{ from: '2026-11-02', to: '2026-11-01' }, 'The start date comes after the end date.'],
    [{ pageSize: 101 }, PagingMessages.pageSizeInvalid(100)],
    [{ page: 0 }, PagingMessages.pageInvalid],
    [{ page: 1_000_001 }, PagingMessages.pageInvalid],
    [
      { status: 'paid' },
      'Status must be one of success, queued, processing, processed, reversed, failed.',
    ],
    [{ sort: 'amount' }, 'Unknown field "sort".'],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const answer = await report('transactions', adminToken, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  const recordsOfType = (users: GivenUser[], type: string) =>
    query<{ user_id: string; direction: string; balance_after: number }>(
      api,
      `SELECT user_id, direction, balance_after::int AS balance_after FROM transaction_records
        WHERE user_id = ANY ($1) AND type = $2 ORDER BY direction`,
      [users.map((user) => user.id), type],
    );

  it('has both sides of a transfer in the read model by the time the transfer answers', async () => {
    const sender = await person(100);
    const receiver = await person(0);
    const sent = await send(sender, receiver.user, 40);
    expect(sent.status).toBe(200);
    // No polling: the append and its projection are one database call (issue 15).
    expect(await recordsOfType([sender.user, receiver.user], 'walletTransfer')).toEqual([
      { user_id: receiver.user.id, direction: 'credit', balance_after: 4000 },
      { user_id: sender.user.id, direction: 'debit', balance_after: 6000 },
    ]);
    expect(sent.body.transactionRecord).toMatchObject({ balanceAfter: 60 });
  });

  it('keeps a transfer whose projection fails, and the catch-up job projects it', async () => {
    const sender = await person(100);
    const receiver = await person(0);
    const remark = 'refused by the read model';
    await db.query(
      `ALTER TABLE transaction_records ADD CONSTRAINT refuses_projection
         CHECK (details->>'remark' IS DISTINCT FROM '${remark}') NOT VALID`,
    );
    let sent;
    try {
      sent = await call<{ transactionRecord: Row }>(`${api.url}/api/user/sendMoneyToWallet`, {
        body: { mobile: receiver.user.mobile, amount: 25, remark },
        headers: money(sender.token, sender.user.pin),
      });
      // Answered from the log: the money moved, the receipt says so.
      expect(sent.status).toBe(200);
      expect(sent.body.transactionRecord).toMatchObject({ balanceAfter: 75, status: 'success' });
      expect(await recordsOfType([sender.user, receiver.user], 'walletTransfer')).toEqual([]);
    } finally {
      await db.query('ALTER TABLE transaction_records DROP CONSTRAINT refuses_projection');
    }
    const [moved] = await query<{ available: string }>(
      api,
      `SELECT available::text FROM ledger_balances_view WHERE owner_id = $1 AND kind = 'wallet'`,
      [receiver.user.id],
    );
    expect(moved!.available).toBe('2500');

    await api.app.get(CatchUpHandler).handle();
    expect(await recordsOfType([sender.user, receiver.user], 'walletTransfer')).toEqual([
      { user_id: receiver.user.id, direction: 'credit', balance_after: 2500 },
      { user_id: sender.user.id, direction: 'debit', balance_after: 7500 },
    ]);
  });

  it('projects each event once, and catches up events whose publish was lost', async () => {
    const owner = await person(0);
    const [wallet] = await query<{ id: string }>(
      api,
      `SELECT id FROM ledger_accounts WHERE owner_id = $1 AND kind = 'wallet'`,
      [owner.user.id],
    );
    // Appended with no after-commit publish, as if the process died right after the commit.
    const ledger = new Ledger({ query: async (sql, params) => db.query(sql, params) as never });
    const facts: RecordOpened = {
      kind: 'open',
      type: 'walletCredit',
      status: 'success',
      parties: [
        { userId: owner.user.id, accountId: wallet!.id, direction: 'credit', amount: 4200, fee: 0 },
      ],
      details: { remark: 'lost publish' },
    };
    const appended = await ledger.append({
      type: 'wallet.credited',
      stream: `credit:${randomUUID()}`,
      legs: [
        { accountId: await ledger.systemAccount('system:funding'), amount: -4200 },
        { accountId: wallet!.id, amount: 4200 },
      ],
      data: { record: facts },
    });
    expect((await report<{ total: number }>('transactions', owner.token)).body.total).toBe(0);

    await api.app.get(CatchUpHandler).handle();
    await api.app.get(CatchUpHandler).handle();
    const listed = await report<{ data: Row[] }>('transactions', owner.token);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ amount: { amount: 42 }, balanceAfter: 42 }),
    ]);

    // A late duplicate of the publish changes nothing, nor does a projector that raced
    // another past the "not projected yet" check (read_model_apply claims the event).
    await db.query('SELECT * FROM read_model_project($1)', [appended.seq]);
    await db.query('SELECT * FROM read_model_apply($1)', [appended.seq]);
    const [totals] = await query<{ credits: string; postings: number }>(
      api,
      'SELECT credits::text, postings FROM monthly_totals WHERE account_id = $1',
      [wallet!.id],
    );
    expect(totals).toEqual({ credits: '4200', postings: 1 });
  });

  it('rebuilds to exactly the live read model, and finds a tampered row', async () => {
    const sender = await person(90);
    const receiver = await person(0);
    await send(sender, receiver.user, 45);
    await transactionsOf(receiver.token, 1);
    await api.app.get(CatchUpHandler).handle();

    const clean = await rebuildReadModel({
      query: (sql, params) => db.query(sql, params) as never,
    });
    expect(clean.differences).toEqual([]);
    expect(clean.events).toBeGreaterThan(5);

    await db.query(`UPDATE transaction_records SET amount = amount + 1 WHERE user_id = $1`, [
      receiver.user.id,
    ]);
    const tampered = await rebuildReadModel({
      query: (sql, params) => db.query(sql, params) as never,
    });
    expect(tampered.differences).toEqual([{ table: 'transaction_records', rows: 2 }]);

    await rebuildReadModel(
      { query: (sql, params) => db.query(sql, params) as never },
      { apply: true },
    );
    const after = await rebuildReadModel({
      query: (sql, params) => db.query(sql, params) as never,
    });
    expect(after.differences).toEqual([]);
    const [record] = await query<{ amount: string }>(
      api,
      'SELECT amount::text FROM transaction_records WHERE user_id = $1',
      [receiver.user.id],
    );
    expect(record!.amount).toBe('4500');
  });
});
