import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest,
} from '@jest/globals';
import { EventBus } from '@nestjs/cqrs';
import { PayoutProcessor } from '../../apps/api/src/payouts/payout-processor.js';
import { CatchUpHandler } from '../../apps/api/src/transactions/catch-up.job.js';
import { TransactionsProjectedEvent } from '../../apps/api/src/transactions/transactions-projected.event.js';
import { LedgerAppendedHandler } from '../../apps/api/src/transactions/transactions-projector.js';
import { startMediumApp, type MediumApp } from '../support/medium-app.js';
import { payerWithPayee, requestPayout } from '../support/medium-payouts.js';
import { ledgerViolations, payoutRow } from '../support/payouts.js';
import { query } from '../support/test-api.js';

/**
 * Issue 15: a payout's ledger events are projected into the read model in the same database
 * call as their append, inside the request's or the worker's transaction, and the sockets are
 * told from what that call returned. The after-commit projector (LedgerAppendedHandler) is
 * silenced here, so whatever the read model holds came from the append itself, or, when the
 * projection failed, from the catch-up job.
 */
describe('payout events projected in the same call as their append', () => {
  let world: MediumApp;
  let processor: PayoutProcessor;
  let afterCommitProjector: ReturnType<typeof jest.spyOn>;
  const job = { by: 'worker', jobId: 'medium', attempt: 1 } as const;

  beforeAll(async () => {
    world = await startMediumApp();
    processor = world.app.get(PayoutProcessor);
  });
  afterAll(async () => {
    await world.close();
  });
  beforeEach(() => {
    afterCommitProjector = jest
      .spyOn(world.app.get(LedgerAppendedHandler, { strict: false }), 'handle')
      .mockResolvedValue(undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  async function record(payoutId: string): Promise<{ status: string; userId: string }[]> {
    return query(
      world,
      'SELECT status, user_id AS "userId" FROM transaction_records WHERE record_id = $1',
      [payoutId],
    );
  }

  async function processedPayout() {
    const payer = await payerWithPayee(world, 1000);
    const id = await requestPayout(world, payer, 100);
    world.rail.script(id, { send: [{ status: 'processed', utr: 'UTR-P1' }] });
    return { id, user: payer.user };
  }

  it("has a processed payout's record in the read model when the worker's transaction commits, and tells the sockets from it", async () => {
    const { id, user } = await processedPayout();
    // The request's hold was projected by its own append.
    expect(await record(id)).toEqual([{ status: 'queued', userId: user.id }]);
    const published = jest.spyOn(world.app.get(EventBus), 'publish');

    expect(await processor.advance(id, job)).toMatchObject({ status: 'processed' });

    expect(await record(id)).toEqual([{ status: 'processed', userId: user.id }]);
    expect(afterCommitProjector).not.toHaveBeenCalled();
    const told = published.mock.calls
      .map(([event]) => event)
      .filter((event) => event instanceof TransactionsProjectedEvent);
    expect(told).toHaveLength(1);
    const [event] = told as TransactionsProjectedEvent[];
    expect(event!.records).toEqual([
      { userId: user.id, record: expect.objectContaining({ status: 'processed' }) },
    ]);
    // The payer's balance as the append returned it (₹100 + ₹15 fee out of ₹1,000).
    expect(event!.known.get(user.id)?.balances.balances.wallet).toBe(100000 - 11500);
  });

  it('leaves the payout processed when its projection fails; the catch-up job projects it later', async () => {
    const { id, user } = await processedPayout();
    // Any projection that would mark this record processed fails inside the database call.
    await query(
      world,
      `CREATE FUNCTION refuse_processed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.record_id = '${id}' AND NEW.status = 'processed' THEN
           RAISE EXCEPTION 'projection refused by the test';
         END IF;
         RETURN NEW;
       END $$`,
    );
    await query(
      world,
      `CREATE TRIGGER refuse_processed BEFORE UPDATE ON transaction_records
         FOR EACH ROW EXECUTE FUNCTION refuse_processed()`,
    );
    try {
      expect(await processor.advance(id, job)).toMatchObject({ status: 'processed' });
    } finally {
      await query(world, 'DROP TRIGGER refuse_processed ON transaction_records');
      await query(world, 'DROP FUNCTION refuse_processed()');
    }

    expect((await payoutRow(world, id)).status).toBe('processed');
    expect(await record(id)).toEqual([{ status: 'queued', userId: user.id }]);
    // The unprojected event is handed to the after-commit projector (silenced here).
    expect(afterCommitProjector).toHaveBeenCalledTimes(1);

    await world.app.get(CatchUpHandler, { strict: false }).handle();
    expect(await record(id)).toEqual([{ status: 'processed', userId: user.id }]);
  });

  it('leaves a ledger that verifies', async () => {
    expect(await ledgerViolations(world)).toEqual([]);
  });
});
