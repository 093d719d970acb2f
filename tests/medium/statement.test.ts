import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, indiaDay, paiseToRupees } from '@khata/domain';
import {
  creditParty,
  debitParty,
  Ledger,
  LedgerStatements,
  ledgerStream,
  movedRecord,
  openedRecord,
  type LedgerEvent,
  type StatementRange,
  type StatementRow,
} from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import { statementRangeOf } from '../../apps/api/src/transactions/statement.js';
import { clearOfIndiaMidnight } from '../support/clock.js';
import { ReadModelRepository } from '../../apps/api/src/transactions/read-model.repository.js';
import { given, type GivenUser } from '../support/given.js';
import { newMediumService, USER_MAKING, type MediumService } from '../support/medium-service.js';
import { fund, ledgerViolations } from '../support/payouts.js';

/**
 * The statement SQL (libs/ledger's LedgerStatements, read by the API's ReadModelRepository) on
 * a database of its own, over money moved through the real ledger the way the API's writers
 * move it: a funding credit, a payout paid with its fee (a hold, then the hold posted), a
 * payout that failed (a hold placed and voided), a wallet transfer. Every expected figure is
 * computed from the seeded amounts. The HTTP report (roles, paging, CSV) is
 * tests/integration/ledger-report.
 */
describe('an account statement, as the ledger reads it', () => {
  let service: MediumService<ReadModelRepository>;
  let ledger: Ledger;
  let retailer: GivenUser;
  let payee: GivenUser;
  let wallet: string;

  const FUNDED = 1000_00;
  const PAID = 500_00;
  const FEE = 15_00;
  const FAILED = 200_00;
  const FAILED_FEE = 10_00;
  const SENT = 120_00;

  /** The instant each seeded event was stamped with, by stream. */
  const at = new Map<string, Date>();

  async function append(event: LedgerEvent) {
    const { seq } = await ledger.append(event);
    const { rows } = await service.db.query<{ at: Date }>(
      'SELECT occurred_at AS at FROM ledger_events WHERE seq = $1',
      [seq],
    );
    at.set(`${event.stream}#${event.type}`, rows[0]!.at);
  }

  /** A payout as the API writes it: requested (held: amount + fee), then paid or failed. */
  async function payout(amount: number, fee: number, outcome: 'processed' | 'failed') {
    const id = randomUUID();
    const stream = ledgerStream('payout', id);
    const holdId = randomUUID();
    await append({
      type: 'payout.requested',
      stream,
      legs: [],
      holds: [{ op: 'place', holdId, accountId: wallet, amount: amount + fee }],
      data: {
        record: openedRecord({
          type: 'payout',
          status: 'queued',
          parties: [debitParty({ userId: retailer.id, accountId: wallet, amount, fee })],
          details: { beneficiaryName: 'Asha Verma', remark: 'rent' },
        }),
        payoutId: id,
        amount,
        fee,
      },
    });
    const funding = await ledger.systemAccount('system:funding');
    await append(
      outcome === 'processed'
        ? {
            type: 'payout.processed',
            stream,
            legs: [
              { accountId: wallet, amount: -(amount + fee) },
              { accountId: funding, amount: amount + fee },
            ],
            holds: [{ op: 'post', holdId, amount: amount + fee }],
            data: {
              record: movedRecord('processed', { externalRef: 'UTR1' }),
              payoutId: id,
            },
          }
        : {
            type: 'payout.failed',
            stream,
            legs: [],
            holds: [{ op: 'void', holdId }],
            data: { record: movedRecord('failed', { message: 'closed' }), payoutId: id },
          },
    );
    return stream;
  }

  let paid: string;
  let failed: string;
  let transfer: string;

  beforeAll(async () => {
    await clearOfIndiaMidnight();
    service = await newMediumService(ReadModelRepository, { real: [...USER_MAKING] });
    ledger = service.get(Ledger);
    retailer = await given(service).user();
    payee = await given(service).user();
    wallet = await ledger.userAccount(retailer.id, 'wallet');
    await fund(service, retailer, FUNDED);
    paid = await payout(PAID, FEE, 'processed');
    failed = await payout(FAILED, FAILED_FEE, 'failed');
    transfer = ledgerStream('transfer', randomUUID());
    const payeeWallet = await ledger.userAccount(payee.id, 'wallet');
    await append({
      type: 'wallet.transferred',
      stream: transfer,
      legs: [
        { accountId: wallet, amount: -SENT },
        { accountId: payeeWallet, amount: SENT },
      ],
      data: {
        record: openedRecord({
          type: 'walletTransfer',
          status: 'success',
          parties: [
            debitParty({ userId: retailer.id, accountId: wallet, amount: SENT }),
            creditParty({ userId: payee.id, accountId: payeeWallet, amount: SENT }),
          ],
          details: { remark: 'stock' },
        }),
      },
    });
  }, 180_000);
  afterAll(async () => {
    await service.close();
  });

  const ALL_TIME: StatementRange = { start: new Date(0), end: new Date('9999-12-31T00:00:00Z') };
  const statements = () => new LedgerStatements(service.db);
  const shape = (rows: StatementRow[]) =>
    rows.map((row) => ({
      stream: row.context.startsWith('test-funding:') ? 'funding' : row.context,
      kind: row.kind,
      amount: Number(row.amount),
      held: Number(row.held),
      balance: Number(row.balance_after),
    }));

  it('shows each posting with the balance after it, the payout fee as a line of its own, and the holds', async () => {
    const rows = await statements().page(wallet, ALL_TIME, { limit: 50, offset: 0 });
    const afterPayout = FUNDED - PAID - FEE;
    expect(shape(rows)).toEqual([
      { stream: 'funding', kind: 'amount', amount: FUNDED, held: 0, balance: FUNDED },
      // The hold sits on the balance of its moment: nothing posted yet.
      { stream: paid, kind: 'hold', amount: 0, held: PAID + FEE, balance: FUNDED },
      // One posting of amount + fee, read back as the principal and then the fee.
      { stream: paid, kind: 'amount', amount: -PAID, held: 0, balance: FUNDED - PAID },
      { stream: paid, kind: 'fee', amount: -FEE, held: 0, balance: afterPayout },
      // The failed payout moved no money: its hold placed and given back.
      { stream: failed, kind: 'hold', amount: 0, held: FAILED + FAILED_FEE, balance: afterPayout },
      {
        stream: failed,
        kind: 'release',
        amount: 0,
        held: -(FAILED + FAILED_FEE),
        balance: afterPayout,
      },
      // A transfer with no fee has no fee line.
      { stream: transfer, kind: 'amount', amount: -SENT, held: 0, balance: afterPayout - SENT },
    ]);
    expect(rows.find((row) => row.kind === 'fee')).toMatchObject({
      record_type: 'payout',
      direction: 'debit',
      moved_status: 'processed',
    });
    expect(await ledgerViolations(service)).toEqual([]);
  });

  it('pages the same lines in the same order', async () => {
    const all = await statements().page(wallet, ALL_TIME, { limit: 50, offset: 0 });
    const first = await statements().page(wallet, ALL_TIME, { limit: 3, offset: 0 });
    const rest = await statements().page(wallet, ALL_TIME, { limit: 50, offset: 3 });
    expect(shape([...first, ...rest])).toEqual(shape(all));
  });

  it('sums the range: credits, debits (fee included), the opening and closing balances', async () => {
    await expect(statements().summary(wallet, ALL_TIME)).resolves.toEqual({
      total: 7,
      credits: FUNDED,
      debits: PAID + FEE + SENT,
      opening: 0,
      closing: FUNDED - PAID - FEE - SENT,
    });
    // The payee's side of the transfer: one credit line, no fee.
    const payeeWallet = await ledger.userAccount(payee.id, 'wallet');
    const rows = await statements().page(payeeWallet, ALL_TIME, { limit: 50, offset: 0 });
    expect(shape(rows)).toEqual([
      { stream: transfer, kind: 'amount', amount: SENT, held: 0, balance: SENT },
    ]);
    expect(rows[0]).toMatchObject({ direction: 'credit', record_type: 'walletTransfer' });
  });

  it('reads a range from its start (included) to its end (excluded)', async () => {
    const transferAt = at.get(`${transfer}#wallet.transferred`)!;
    const afterPayout = FUNDED - PAID - FEE;
    // Starting at the transfer's very instant: the transfer is in, everything before is the opening.
    const from = { start: transferAt, end: ALL_TIME.end };
    expect(shape(await statements().page(wallet, from, { limit: 50, offset: 0 }))).toEqual([
      { stream: transfer, kind: 'amount', amount: -SENT, held: 0, balance: afterPayout - SENT },
    ]);
    await expect(statements().summary(wallet, from)).resolves.toMatchObject({
      total: 1,
      opening: afterPayout,
      closing: afterPayout - SENT,
    });
    // Ending at that instant: the transfer is out, and the closing balance is before it.
    const until = { start: new Date(0), end: transferAt };
    const before = await statements().page(wallet, until, { limit: 50, offset: 0 });
    expect(before.map((row) => row.context)).not.toContain(transfer);
    await expect(statements().summary(wallet, until)).resolves.toMatchObject({
      total: 6,
      opening: 0,
      closing: afterPayout,
    });
  });

  it('turns India days into instants: a day starts at 18:30Z the evening before', () => {
    const { start, end } = statementRangeOf({ from: '2026-03-01', to: '2026-03-01' });
    expect(start.toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-03-01T18:30:00.000Z');
    // 18:29:59Z is still the day before in India; 18:30:00Z is the next day.
    expect(indiaDay(new Date('2026-02-28T18:29:59Z'))).toBe('2026-02-28');
    expect(indiaDay(new Date('2026-02-28T18:30:00Z'))).toBe('2026-03-01');
    const week = statementRangeOf({ from: '2026-03-01', to: '2026-03-07' });
    expect(week.end.getTime() - week.start.getTime()).toBe(7 * 24 * 3600_000);
  });

  it("answers the API's statement for today's India day in rupees, and nothing for yesterday", async () => {
    const today = indiaDay(new Date());
    const closing = FUNDED - PAID - FEE - SENT;
    const statement = await service.sut.statement(
      wallet,
      { from: today, to: today },
      { page: 1, pageSize: 50 },
    );
    expect(statement).toMatchObject({
      total: 7,
      openingBalance: 0,
      closingBalance: paiseToRupees(closing),
      totals: { credit: paiseToRupees(FUNDED), debit: paiseToRupees(PAID + FEE + SENT) },
    });
    const fee = statement.lines.find((line) => line.kind === 'fee')!;
    expect(fee).toMatchObject({ debit: paiseToRupees(FEE), credit: 0 });
    expect(fee.narration).toMatch(/^Fee for bank payout to /);

    const yesterday = addDays(today, -1);
    await expect(
      service.sut.statement(wallet, { from: yesterday, to: yesterday }, { page: 1, pageSize: 50 }),
    ).resolves.toMatchObject({ total: 0, lines: [], openingBalance: 0, closingBalance: 0 });
    // Tomorrow opens where today closed.
    const tomorrow = addDays(today, 1);
    await expect(
      service.sut.statement(wallet, { from: tomorrow, to: tomorrow }, { page: 1, pageSize: 50 }),
    ).resolves.toMatchObject({
      total: 0,
      openingBalance: paiseToRupees(closing),
      closingBalance: paiseToRupees(closing),
    });
  });
});
