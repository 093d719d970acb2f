import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rebuildReadModel } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CatchUpHandler } from '../../apps/api/src/transactions/catch-up.job.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { ledgerViolations, payoutReaches, saveBeneficiary } from '../support/payouts.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

type Row = Record<string, unknown>;

interface Line {
  kind: string;
  narration: string;
  eventType: string;
  recordType: string | null;
  recordId: string | null;
  description: string | null;
  credit: number;
  debit: number;
  held: number;
  balanceAfter: number;
}

interface TxRecord {
  _id: string;
  status: string;
  direction: string;
  amount: { amount: number };
  fee: number;
  counterparty: { name: string | null; reference: string | null };
  balanceChange: number;
  onHold: number;
  payload: { data: Row };
}

const masked = (account: string) => `${'X'.repeat(account.length - 4)}${account.slice(-4)}`;

/** Paise arithmetic on rupee figures, so sums of 2-decimal numbers compare exactly. */
const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * What a retailer reads in the two reports: every line of the ledger report in words, the
 * fee on a line of its own, holds and their release visible, the other side of a transfer
 * named from each party's side, and the transaction report adding up to the same balance.
 */
describe('the reports a retailer reads', () => {
  let api: TestApi;
  let admin: GivenUser;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({
      LOG_LEVEL: 'silent',
      RAIL_SANDBOX_LATENCY_MS: '100',
      RAIL_SANDBOX_RETURN_AFTER_MS: '200',
      PAYOUT_RETURN_CHECK_AFTER_MS: '800',
      PAYOUT_SWEEP_INTERVAL_MS: '300',
    });
    admin = await given(api).user({ role: 'admin', services: [] });
    adminToken = await signIn(api, admin);
  });
  afterAll(async () => {
    await api.close();
  });

  const money = (token: string, pin: string) => ({
    ...bearer(token),
    pin,
    'idempotency-key': randomUUID(),
  });

  async function person(rupees: number, name?: string) {
    const user = await given(api).user(name ? { name } : {});
    if (rupees) {
      const credited = await call(`${api.url}/api/admin/creditWallet`, {
        body: { mobile: user.mobile, amount: rupees, remark: 'float' },
        headers: money(adminToken, admin.pin),
      });
      expect(credited.status).toBe(200);
    }
    return { user, token: await signIn(api, user) };
  }

  const report = <T>(path: string, token: string, body: Row = {}) =>
    call<T>(`${api.url}/api/user/${path}`, { body, headers: bearer(token) });

  const statementOf = async (token: string) =>
    (
      await report<{ data: Line[]; total: number; openingBalance: number; closingBalance: number }>(
        'ledger',
        token,
        { pageSize: 100 },
      )
    ).body;

  /** The read model follows the log after commit: waits until every record is settled. */
  const recordsOf = (token: string, count: number) =>
    eventually(async () => {
      const answer = await report<{ data: TxRecord[]; total: number }>('transactions', token, {
        pageSize: 100,
      });
      const settled = answer.body.data.every((r) => !['queued', 'processing'].includes(r.status));
      return answer.body.total === count && settled ? answer.body.data : undefined;
    });

  async function pay(
    who: { user: GivenUser; token: string },
    payee: { accountNumber: string; ifsc: string; name: string },
    amount: number,
  ) {
    const answer = await call<{ transactionRecord: TxRecord }>(
      `${api.url}/api/payment/bankTransfer`,
      {
        body: {
          amount,
          beneficiaryName: payee.name,
          beneficiaryAccountNumber: payee.accountNumber,
          beneficiaryIfscCode: payee.ifsc,
          paymentMode: 'IMPS',
        },
        headers: money(who.token, who.user.pin),
      },
    );
    expect(answer.status).toBe(200);
    return answer.body.transactionRecord;
  }

  it("names the sender on the recipient's record, receipt and statement, and the recipient on the sender's", async () => {
    const sender = await person(1000, 'Sunita Devi');
    const recipient = await person(0, 'Ravi Kumar');
    const sent = await call<{ transactionRecord: TxRecord }>(
      `${api.url}/api/user/sendMoneyToWallet`,
      {
        body: { mobile: recipient.user.mobile, amount: 250, remark: 'stock' },
        headers: money(sender.token, sender.user.pin),
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.transactionRecord.counterparty).toEqual({
      name: 'Ravi Kumar',
      reference: recipient.user.mobile,
    });

    const [received] = await recordsOf(recipient.token, 1);
    expect(received).toMatchObject({
      direction: 'credit',
      counterparty: { name: 'Sunita Devi', reference: sender.user.mobile },
      payload: { data: { senderName: 'Sunita Devi', senderMobile: sender.user.mobile } },
    });
    const receipt = await report<{ transactionRecord: TxRecord }>('transaction', recipient.token, {
      id: received!._id,
    });
    expect(receipt.body.transactionRecord.counterparty.name).toBe('Sunita Devi');

    const lines = (await statementOf(recipient.token)).data;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.narration).toBe(
      `Wallet transfer from Sunita Devi (${sender.user.mobile}) · stock`,
    );
    expect(lines[0]!.description).toBe('Sunita Devi · stock');
    const sendersLines = (await statementOf(sender.token)).data;
    expect(sendersLines.map((line) => line.narration)).toEqual([
      `Wallet credit from Khata · float`,
      `Wallet transfer to Ravi Kumar (${recipient.user.mobile}) · stock`,
    ]);
  });

  it('shows a failed payout as a hold and its release, in words, with the balance untouched', async () => {
    const payer = await person(1000);
    const closed = await saveBeneficiary(api, payer.user, { ending: '001' });
    const record = await pay(payer, closed, 300);
    expect(record).toMatchObject({ status: 'queued', balanceChange: 0, onHold: 315 });
    await payoutReaches(api, record._id, ['failed']);
    const [failed] = await recordsOf(payer.token, 2);
    expect(failed).toMatchObject({ status: 'failed', balanceChange: 0, onHold: 0 });

    const statement = await statementOf(payer.token);
    const who = `${closed.name} (${masked(closed.accountNumber)})`;
    expect(
      statement.data.map((line) => [
        line.kind,
        line.narration,
        line.debit,
        line.held,
        line.balanceAfter,
      ]),
    ).toEqual([
      ['amount', 'Wallet credit from Khata · float', 0, 0, 1000],
      [
        'hold',
        `On hold: bank payout to ${who}, waiting for the bank (amount and fee)`,
        0,
        315,
        1000,
      ],
      ['release', `Hold released, money free again: bank payout to ${who} failed`, 0, -315, 1000],
    ]);
    expect(statement.data.slice(1).map((line) => line.recordId)).toEqual([record._id, record._id]);
    expect(statement.closingBalance).toBe(1000);
  });

  it('puts the fee on its own line, shows a late return in words, and the two reports agree', async () => {
    const payer = await person(2000);
    const payee = await saveBeneficiary(api, payer.user, { ending: '123' });
    const returning = await saveBeneficiary(api, payer.user, { ending: '002' });
    const other = await person(0);

    const paid = await pay(payer, payee, 500);
    await payoutReaches(api, paid._id, ['processed']);
    const returned = await pay(payer, returning, 400);
    await payoutReaches(api, returned._id, ['reversed']);
    await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { mobile: other.user.mobile, amount: 99.5 },
      headers: money(payer.token, payer.user.pin),
    });

    const records = await recordsOf(payer.token, 4);
    const statement = await statementOf(payer.token);
    const lines = statement.data;
    const ofRecord = (id: string) => lines.filter((line) => line.recordId === id);

    // Paid: the amount, then the fee, each with the balance after it.
    const payeeWho = `${payee.name} (${masked(payee.accountNumber)})`;
    expect(
      ofRecord(paid._id)
        .filter((line) => line.kind === 'amount' || line.kind === 'fee')
        .map((line) => [line.kind, line.narration, line.debit, line.balanceAfter]),
    ).toEqual([
      ['amount', `Bank payout to ${payeeWho}`, 500, 1500],
      ['fee', `Fee for bank payout to ${payeeWho}`, 15, 1485],
    ]);
    // Returned after payment: paid (amount, fee), then both back, each on its own line.
    expect(
      ofRecord(returned._id)
        .filter((line) => line.kind === 'amount' || line.kind === 'fee')
        .map((line) => [line.kind, line.debit, line.credit]),
    ).toEqual([
      ['amount', 400, 0],
      ['fee', 15, 0],
      ['amount', 0, 400],
      ['fee', 0, 15],
    ]);
    expect(ofRecord(returned._id).map((line) => line.narration)).toContain(
      `Returned by the bank: bank payout to ${returning.name} (${masked(returning.accountNumber)})`,
    );
    // Every line in words: no event code (`payout.processed`) is ever the description.
    for (const line of lines) expect(line.narration).not.toMatch(/^[a-z]+\.[a-z]+$|^[a-z]+[A-Z]/);

    // The two reports agree: per transaction, and in total with the change of the balance.
    const moved = (subset: Line[]) =>
      subset.reduce((sum, line) => sum + paise(line.credit) - paise(line.debit), 0);
    for (const record of records) {
      expect([record._id, moved(ofRecord(record._id))]).toEqual([
        record._id,
        paise(record.balanceChange),
      ]);
    }
    const reported = records.reduce((sum, record) => sum + paise(record.balanceChange), 0);
    expect(reported).toBe(paise(statement.closingBalance) - paise(statement.openingBalance));
    expect(reported).toBe(200000 - (50000 + 1500) - 9950);
    expect(records.find((record) => record._id === paid._id)).toMatchObject({
      amount: { amount: 500 },
      fee: 15,
      balanceChange: -515,
    });
    // The hold shows when it was placed; paid, it becomes the two lines above, not a release.
    expect(ofRecord(paid._id).map((line) => [line.kind, line.held])).toEqual([
      ['hold', 515],
      ['amount', 0],
      ['fee', 0],
    ]);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('rebuilds the read model with each party’s own details to no difference', async () => {
    const sender = await person(300);
    const recipient = await person(0);
    await call(`${api.url}/api/user/sendMoneyToWallet`, {
      body: { mobile: recipient.user.mobile, amount: 40 },
      headers: money(sender.token, sender.user.pin),
    });
    await recordsOf(recipient.token, 1);
    await api.app.get(CatchUpHandler).handle();
    const db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
    try {
      const rebuilt = await rebuildReadModel({
        query: (sql, params) => db.query(sql, params) as never,
      });
      expect(rebuilt.differences).toEqual([]);
    } finally {
      await db.end();
    }
  });
});
