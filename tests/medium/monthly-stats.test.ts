import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { indiaMonth, paiseToRupees, streamPrefixOf, type MonthlyStats } from '@khata/domain';
import {
  creditParty,
  debitParty,
  Ledger,
  ledgerStream,
  movedRecord,
  openedRecord,
  type LedgerEvent,
} from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import { clearOfIndiaMidnight } from '../support/clock.js';
import { GetMonthlyStatsHandler } from '../../apps/api/src/monthly-stats/queries/get-monthly-stats.handler.js';
import { GetMonthlyStatsQuery } from '../../apps/api/src/monthly-stats/queries/get-monthly-stats.query.js';
import { MonthlyStatsRepository } from '../../apps/api/src/monthly-stats/monthly-stats.repository.js';
import { given, type GivenUser } from '../support/given.js';
import { newMediumService, USER_MAKING, type MediumService } from '../support/medium-service.js';

/**
 * The month's SQL (libs/ledger's LedgerMonth, read through MonthlyStatsRepository by the
 * monthly stats query) on a database of its own: the figures of a month seeded on the real
 * ledger (an admin credit, a fund request, a wallet transfer, a payout paid with its fee and one
 * that failed), the four reconciliation lines holding, and a read model that no longer agrees
 * with the ledger reported as a difference. Expected figures come from the seeded amounts.
 */
describe('monthly stats, as the month SQL reads a seeded month', () => {
  let service: MediumService<GetMonthlyStatsHandler>;
  let ledger: Ledger;
  let retailer: GivenUser;
  let payee: GivenUser;
  let wallet: string;
  let payeeWallet: string;
  /** The India month the seeded money falls in, read once the run is clear of midnight. */
  let month: string;

  const CREDITED = 800_00;
  const REQUESTED = 400_00;
  const SENT = 150_00;
  const PAID = 300_00;
  const FEE = 12_00;
  const FAILED = 90_00;
  const FAILED_FEE = 5_00;

  /**
   * Appends as the API's writers do (ProjectedAppends): the event, then its projection into the
   * read model by the ledger's own read_model_project.
   */
  async function append(event: LedgerEvent) {
    const { seq } = await ledger.append(event);
    await service.db.query('SELECT count(*) FROM read_model_project($1)', [seq]);
  }

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
          details: { beneficiaryName: 'Asha Verma' },
        }),
        payoutId: id,
        amount,
        fee,
      },
    });
    const last: LedgerEvent =
      outcome === 'processed'
        ? {
            type: 'payout.processed',
            stream,
            legs: [
              { accountId: wallet, amount: -(amount + fee) },
              { accountId: await ledger.systemAccount('system:bank_settlement'), amount },
              { accountId: await ledger.systemAccount('system:fee_income'), amount: fee },
            ],
            holds: [{ op: 'post', holdId, amount: amount + fee }],
            data: { record: movedRecord('processed'), payoutId: id },
          }
        : {
            type: 'payout.failed',
            stream,
            legs: [],
            holds: [{ op: 'void', holdId }],
            data: { record: movedRecord('failed'), payoutId: id },
          };
    await append(last);
  }

  const credit = async (prefix: string, amount: number) =>
    append({
      type: 'wallet.credited',
      stream: `${prefix}:${randomUUID()}`,
      legs: [
        { accountId: await ledger.systemAccount('system:funding'), amount: -amount },
        { accountId: wallet, amount },
      ],
    });

  beforeAll(async () => {
    await clearOfIndiaMidnight();
    month = indiaMonth(new Date());
    service = await newMediumService(GetMonthlyStatsHandler, {
      real: [MonthlyStatsRepository, ...USER_MAKING],
    });
    ledger = service.get(Ledger);
    retailer = await given(service).user();
    payee = await given(service).user();
    wallet = await ledger.userAccount(retailer.id, 'wallet');
    payeeWallet = await ledger.userAccount(payee.id, 'wallet');
    await credit(streamPrefixOf('walletCredit'), CREDITED);
    await credit(streamPrefixOf('fundRequest'), REQUESTED);
    await append({
      type: 'wallet.transferred',
      stream: ledgerStream('transfer', randomUUID()),
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
          details: {},
        }),
      },
    });
    await payout(PAID, FEE, 'processed');
    await payout(FAILED, FAILED_FEE, 'failed');
  }, 180_000);
  afterAll(async () => {
    await service.close();
  });

  const stats = () => service.sut.execute(new GetMonthlyStatsQuery(month));
  const line = (answer: MonthlyStats, key: string) =>
    answer.reconciliation.find((row) => row.key === key)!;

  it("answers the month's figures from what was moved", async () => {
    const answer = await stats();
    const rupees = paiseToRupees;
    expect(answer.credits.adminCredits).toEqual({ count: 1, amount: rupees(CREDITED) });
    expect(answer.credits.fundRequests).toEqual({ count: 1, amount: rupees(REQUESTED) });
    expect(answer.credits.fundRequestsFromUplines).toEqual({ count: 0, amount: 0 });
    expect(answer.transfers).toEqual({ count: 1, amount: rupees(SENT) });
    expect(answer.payouts).toEqual([
      { status: 'failed', count: 1, amount: rupees(FAILED), fee: rupees(FAILED_FEE) },
      { status: 'processed', count: 1, amount: rupees(PAID), fee: rupees(FEE) },
    ]);
    expect(answer.paidToBanks).toBe(rupees(PAID));
    expect(answer.fees.companyIncome).toBe(rupees(FEE));
    // The float: every wallet's money; a transfer moves it between wallets, a payout out.
    const movements = CREDITED + REQUESTED - PAID - FEE;
    expect(answer.float).toEqual({
      opening: 0,
      movements: rupees(movements),
      closing: rupees(movements),
    });
    expect(line(answer, 'float').figures).toContainEqual({
      label: 'Expected closing (₹)',
      value: rupees(movements),
    });
  });

  it('reconciles: every line holds on a ledger and read model that agree', async () => {
    const answer = await stats();
    expect(answer.reconciliation.map((row) => [row.key, row.ok, row.differences])).toEqual([
      ['eventsBalance', true, []],
      ['float', true, []],
      ['readModel', true, []],
      ['taxes', true, []],
    ]);
    expect(answer.reconciled).toBe(true);
    // Events: 2 credits, 1 transfer, 2 + 2 payout events; postings: 2 + 2 + 2 + 3.
    expect(line(answer, 'eventsBalance').figures.slice(0, 2)).toEqual([
      { label: 'Events', value: 7 },
      { label: 'Postings', value: 9 },
    ]);
  });

  it('reports a read model that no longer agrees with the ledger, naming the account', async () => {
    // A broken fact: the read model's closing of the payee's wallet is off by one rupee.
    const { rowCount } = await service.db.query(
      'UPDATE monthly_closing SET closing_balance = closing_balance + 100 WHERE account_id = $1',
      [payeeWallet],
    );
    expect(rowCount).toBeGreaterThan(0);
    try {
      const answer = await stats();
      expect(answer.reconciled).toBe(false);
      const readModel = line(answer, 'readModel');
      expect(readModel.ok).toBe(false);
      expect(readModel.differences).toContainEqual(
        expect.objectContaining({
          what: expect.stringContaining(payeeWallet) as unknown as string,
          difference: -1,
        }),
      );
      // The ledger's own lines still hold: only the read model is wrong.
      expect(line(answer, 'eventsBalance').ok).toBe(true);
      expect(line(answer, 'float').ok).toBe(true);
    } finally {
      await service.db.query(
        'UPDATE monthly_closing SET closing_balance = closing_balance - 100 WHERE account_id = $1',
        [payeeWallet],
      );
    }
    await expect(stats()).resolves.toMatchObject({ reconciled: true });
  });
});
