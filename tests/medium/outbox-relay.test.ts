import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OutboxRelay } from '../../apps/api/src/payouts/outbox-relay.js';
import { PayoutsRepository } from '../../apps/api/src/payouts/payouts.repository.js';
import { startMediumApp, type MediumApp } from '../support/medium-app.js';
import { payerWithPayee, requestPayout } from '../support/medium-payouts.js';
import { query } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

interface OutboxRow {
  relayed_at: Date | null;
  lease_until: Date | null;
  attempts: number;
  last_error: string | null;
}

/** The outbox relay claims rows by lease and enqueues them with no transaction open. */
describe('the payout outbox relay', () => {
  let world: MediumApp;
  let relay: OutboxRelay;

  beforeAll(async () => {
    world = await startMediumApp();
    relay = world.app.get(OutboxRelay);
  });
  afterAll(async () => {
    await world.close();
  });

  /** A payout whose kick found the queue down (and noted it), so it waits in the outbox. */
  async function waitingPayout(): Promise<string> {
    world.jobs.down = true;
    const id = await requestPayout(world, await payerWithPayee(world, 1000), 100);
    await eventually(async () => ((await outboxRow(id)).attempts === 1 ? true : undefined));
    world.jobs.down = false;
    return id;
  }

  async function outboxRow(id: string): Promise<OutboxRow> {
    const [row] = await query<OutboxRow>(
      world,
      'SELECT relayed_at, lease_until, attempts, last_error FROM payout_outbox WHERE payout_id = $1',
      [id],
    );
    return row!;
  }

  it('holds no transaction while an enqueue hangs, and another relay takes other rows meanwhile', async () => {
    const first = await waitingPayout();
    const release = world.jobs.hangOn(`payout-${first}`);
    world.clock.advance({ seconds: 2 });
    const hung = relay.relayPending();
    await eventually(async () => ((await outboxRow(first)).lease_until ? true : undefined));

    const [open] = await query<{ n: number }>(
      world,
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(open!.n).toBe(0);

    const second = await waitingPayout();
    world.clock.advance({ seconds: 2 });
    expect(await relay.relayPending()).toBe(1);
    expect(world.jobs.enqueued).toEqual([`payout-${second}`]);

    release();
    expect(await hung).toBe(1);
    expect(world.jobs.enqueued).toEqual([`payout-${second}`, `payout-${first}`]);
    expect((await outboxRow(first)).relayed_at).not.toBeNull();
  });

  it('lets the lease of a relay that died after its claim lapse, then relays the row', async () => {
    const id = await waitingPayout();
    world.clock.advance({ seconds: 2 });
    const now = world.clock.now();
    // A relay claims and dies before it enqueues anything.
    const claimed = await world.app.get(PayoutsRepository).outbox.claimOutbox({
      at: now,
      leaseUntil: new Date(now.getTime() + 60_000),
      failedBefore: now,
      kickedBefore: now,
      limit: 100,
    });
    expect(claimed).toEqual([id]);
    expect(await relay.relayPending()).toBe(0);

    world.clock.advance({ seconds: 61 });
    expect(await relay.relayPending()).toBe(1);
    expect(world.jobs.enqueued.at(-1)).toBe(`payout-${id}`);
  });

  it('leaves a row the kick enqueued to its worker, and relays it again only after the grace', async () => {
    const id = await requestPayout(world, await payerWithPayee(world, 1000), 100);
    expect(world.jobs.enqueued.at(-1)).toBe(`payout-${id}`);
    world.clock.advance({ seconds: 2 });
    expect(await relay.relayPending()).toBe(0);
    // No worker started it (this app runs none): after the grace, enqueued again (same jobId).
    world.clock.advance({ seconds: 10 });
    expect(await relay.relayPending()).toBe(1);
    expect(world.jobs.enqueued.at(-1)).toBe(`payout-${id}`);
    expect((await outboxRow(id)).relayed_at).not.toBeNull();
  });

  it('gives a row back at once when the queue is down, with the reason, for the next round', async () => {
    const id = await waitingPayout();
    world.clock.advance({ seconds: 2 });
    world.jobs.down = true;
    expect(await relay.relayPending()).toBe(0);
    // The kick's failed attempt, then the relay's.
    expect(await outboxRow(id)).toMatchObject({
      relayed_at: null,
      lease_until: null,
      attempts: 2,
      last_error: 'The job queue is down.',
    });

    world.jobs.down = false;
    expect(await relay.relayPending()).toBe(1);
    expect((await outboxRow(id)).relayed_at).not.toBeNull();
  });
});
