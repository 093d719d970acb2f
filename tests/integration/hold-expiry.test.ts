import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ledger } from '@khata/ledger';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ExpireHoldsHandler, expireHoldsJob } from '../../apps/api/src/ledger/expire-holds.job.js';
import { JOB_QUEUE_NAME } from '../../apps/api/src/jobs/job-queue.js';
import { given } from '../support/given.js';
import { query, startTestApi, type TestApi } from '../support/test-api.js';

describe('expired holds', () => {
  let api: TestApi;
  let ledger: Ledger;

  beforeAll(async () => {
    api = await startTestApi();
    ledger = api.app.get(Ledger);
  });
  afterAll(() => api.close());

  async function heldWallet(expiresAt: Date) {
    const wallet = await ledger.userAccount((await given(api).user()).id, 'wallet');
    await ledger.append({
      type: 'wallet.credited',
      stream: `credit:${randomUUID()}`,
      legs: [
        { accountId: await ledger.systemAccount('system:funding'), amount: -10_000 },
        { accountId: wallet, amount: 10_000 },
      ],
    });
    const holdId = randomUUID();
    await ledger.append({
      type: 'hold.placed',
      stream: `hold:${holdId}`,
      legs: [],
      holds: [{ op: 'place', holdId, accountId: wallet, amount: 4_000, expiresAt }],
    });
    return { wallet, holdId };
  }

  it('voids holds past their expiry, giving the money back, and leaves live ones alone', async () => {
    const expired = await heldWallet(new Date(Date.now() - 1000));
    const live = await heldWallet(new Date(Date.now() + 3_600_000));
    await api.app.get(ExpireHoldsHandler).handle();

    const holds = await query<{ id: string; status: string }>(
      api,
      'SELECT id, status FROM ledger_holds WHERE id = ANY($1)',
      [[expired.holdId, live.holdId]],
    );
    expect(Object.fromEntries(holds.map((hold) => [hold.id, hold.status]))).toEqual({
      [expired.holdId]: 'voided',
      [live.holdId]: 'pending',
    });
    const [account] = await query<{ pending: string }>(
      api,
      'SELECT debits_pending::text AS pending FROM ledger_accounts WHERE id = $1',
      [expired.wallet],
    );
    expect(account!.pending).toBe('0');
    const events = await query(
      api,
      'SELECT type FROM ledger_events WHERE stream = $1 ORDER BY seq',
      [`hold:${expired.holdId}`],
    );
    expect(events).toEqual([{ type: 'hold.placed' }, { type: 'hold.expired' }]);
  });

  it('is scheduled once a minute in the deployment queue', async () => {
    const connection = new Redis(api.config.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(JOB_QUEUE_NAME, { connection, prefix: api.config.redisPrefix });
    try {
      let scheduler = await queue.getJobScheduler(expireHoldsJob.name);
      for (let tries = 0; !scheduler && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        scheduler = await queue.getJobScheduler(expireHoldsJob.name);
      }
      expect(scheduler).toMatchObject({ name: expireHoldsJob.name, every: 60_000 });
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});
