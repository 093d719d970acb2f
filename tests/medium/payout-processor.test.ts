import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ApplyRailWebhookCommand } from '../../apps/api/src/payouts/commands/apply-rail-webhook.command.js';
import { PayoutProcessor } from '../../apps/api/src/payouts/payout-processor.js';
import { PayoutSweeper } from '../../apps/api/src/payouts/payout-sweeper.js';
import { startMediumApp, type MediumApp } from '../support/medium-app.js';
import { payerWithPayee, requestPayout } from '../support/medium-payouts.js';
import { accountOf, ledgerViolations, payoutRow, streamEvents } from '../support/payouts.js';
import { query } from '../support/test-api.js';
import { signWebhook } from '../../apps/api/src/rail/webhook-signature.js';

const SECRET = 'test-webhook-secret-0123456789abcdef';

/**
 * The payout processor against the real database and ledger, with a scripted bank and a
 * movable clock: each step is driven by hand (a job's run is `advance`), so the answers and
 * the time between them are exact instead of waited for. Moved here from
 * tests/integration/payouts.test.ts, where they ran through HTTP, BullMQ and the sandbox.
 */
describe('the payout processor against a scripted bank', () => {
  let world: MediumApp;
  let processor: PayoutProcessor;
  const job = { by: 'worker', jobId: 'medium', attempt: 1 } as const;

  beforeAll(async () => {
    world = await startMediumApp({
      PAYOUT_RESEND_AFTER_MS: '30000',
      RAIL_PROVIDER_WEBHOOK_SECRET: SECRET,
    });
    processor = world.app.get(PayoutProcessor);
  });
  afterAll(async () => {
    await world.close();
  });

  async function newPayout(rupees: number, script: Parameters<MediumApp['rail']['script']>[1]) {
    const payer = await payerWithPayee(world, 1000);
    const id = await requestPayout(world, payer, rupees);
    world.rail.script(id, script);
    return { id, user: payer.user };
  }

  it('asks the rail, never sends again, after a timeout; then books the success it reports', async () => {
    const { id, user } = await newPayout(100, {
      send: [{ status: 'timeout' }],
      status: [{ status: 'processed', utr: 'UTR-003' }],
    });
    expect(await processor.advance(id, job)).toMatchObject({ status: 'processing', sends: 1 });
    world.clock.advance({ minutes: 3 });
    expect(await processor.advance(id, job)).toMatchObject({ status: 'processed', sends: 1 });
    const calls = world.rail.callsFor(id);
    expect(calls.send).toBe(1);
    expect(calls.status).toBeGreaterThanOrEqual(1);
    expect(world.rail.transfersFor(id)).toBe(1);
    expect(await accountOf(world, user.id)).toMatchObject({ posted: 100000 - 11500, pending: 0 });
  });

  it('starts, sends and settles a payout in one run with no processing event; the final one says when it was sent', async () => {
    const { id } = await newPayout(100, { send: [{ status: 'processed', utr: 'U1' }] });
    // The test clock ticks with real time: the send happened between these two readings.
    const before = world.clock.now().getTime();
    expect(await processor.advance(id, job)).toMatchObject({ status: 'processed', sends: 1 });
    const after = world.clock.now().getTime();
    expect(await streamEvents(world, `payout:${id}`)).toEqual([
      'payout.requested',
      'payout.processed',
    ]);
    const [processed] = await query<{ sentAt: string }>(
      world,
      `SELECT data->>'sentAt' AS "sentAt" FROM ledger_events_view
        WHERE stream = $1 AND type = 'payout.processed'`,
      [`payout:${id}`],
    );
    const sentAt = Date.parse(processed!.sentAt);
    expect(sentAt).toBeGreaterThanOrEqual(before);
    expect(sentAt).toBeLessThanOrEqual(after);
    // Its outbox row is done with: the start marked it, so no relay enqueues it again.
    const [outbox] = await query<{ relayed: boolean }>(
      world,
      'SELECT relayed_at IS NOT NULL AS relayed FROM payout_outbox WHERE payout_id = $1',
      [id],
    );
    expect(outbox!.relayed).toBe(true);
    // A second run (a retried job) finds it settled and does nothing.
    expect(await processor.advance(id, job)).toMatchObject({ status: 'processed', sends: 1 });
    expect(world.rail.callsFor(id)).toEqual({ send: 1, status: 0 });
  });

  it('keeps asking while the bank says pending, with backoff, and books the final answer', async () => {
    const { id } = await newPayout(100, {
      send: [{ status: 'pending' }],
      status: [{ status: 'pending' }, { status: 'pending' }, { status: 'processed', utr: 'U4' }],
    });
    const gaps: number[] = [];
    let payout = await processor.advance(id, job);
    while (payout?.status === 'processing') {
      gaps.push(payout.nextCheckAt!.getTime() - world.clock.now().getTime());
      world.clock.setTo(payout.nextCheckAt!);
      payout = await processor.advance(id, job);
    }
    expect(payout?.status).toBe('processed');
    expect(world.rail.callsFor(id)).toEqual({ send: 1, status: 3 });
    // In flight at its first look, so `processing` went on the ledger then, and only then.
    expect(await streamEvents(world, `payout:${id}`)).toEqual([
      'payout.requested',
      'payout.processing',
      'payout.processed',
    ]);
    // Each look comes later than the one before (the default stale time, doubling).
    expect(gaps).toHaveLength(3);
    expect(gaps[1]! / gaps[0]!).toBeCloseTo(2, 1);
    expect(gaps[2]! / gaps[1]!).toBeCloseTo(2, 1);
  });

  it('sends again only after the rail said it never received the first send', async () => {
    const { id } = await newPayout(100, {
      send: [{ status: 'lost' }, { status: 'processed', utr: 'U5' }],
      status: [{ status: 'not-found' }],
    });
    await processor.advance(id, job);
    world.clock.advance({ seconds: 30 });
    expect(await processor.advance(id, job)).toMatchObject({ status: 'processed', sends: 2 });
    expect(world.rail.callsFor(id)).toEqual({ send: 2, status: 1 });
    expect(world.rail.transfersFor(id)).toBe(1);
  });

  it('does not send again while the first send may still be on its way, even on not-found', async () => {
    const { id } = await newPayout(100, {
      send: [{ status: 'lost' }],
      status: [{ status: 'not-found' }],
    });
    await processor.advance(id, job);
    world.clock.advance({ seconds: 29 });
    expect(await processor.advance(id, job)).toMatchObject({ status: 'processing', sends: 1 });
    expect(world.rail.callsFor(id)).toEqual({ send: 1, status: 1 });
  });

  it('voids the hold when the bank paid and returned before anyone asked (timeout, then reversed)', async () => {
    const { id, user } = await newPayout(250, {
      send: [{ status: 'timeout' }],
      status: [{ status: 'reversed', reason: 'Returned by the beneficiary bank.' }],
    });
    await processor.advance(id, job);
    expect(await processor.advance(id, job)).toMatchObject({ status: 'reversed' });
    expect(await accountOf(world, user.id)).toEqual({
      posted: 100000,
      pending: 0,
      available: 100000,
    });
    expect(await streamEvents(world, `payout:${id}`)).toEqual([
      'payout.requested',
      'payout.processing',
      'payout.reversed',
    ]);
    expect(world.rail.callsFor(id).send).toBe(1);
  });

  it('finds a late return by itself: the sweep asks the rail after payment', async () => {
    const { id, user } = await newPayout(700, {
      send: [{ status: 'processed', utr: 'U2' }],
      status: [{ status: 'reversed', reason: 'Returned by the beneficiary bank: account frozen.' }],
    });
    expect(await processor.advance(id, job)).toMatchObject({ status: 'processed' });
    world.clock.advance({ minutes: 61 });
    // Other payouts of this file may be due too; the sweep takes them all.
    await world.app.get(PayoutSweeper).sweep();
    const returned = await payoutRow(world, id);
    expect(returned).toMatchObject({
      status: 'reversed',
      message: 'Returned by the beneficiary bank: account frozen.',
    });
    expect(await accountOf(world, user.id)).toEqual({
      posted: 100000,
      pending: 0,
      available: 100000,
    });
    // Paid at the send's answer: no `processing` event in between (issue 15).
    expect(await streamEvents(world, `payout:${id}`)).toEqual([
      'payout.requested',
      'payout.processed',
      'payout.returned',
    ]);
    const [row] = await query<{ next_check_at: Date | null }>(
      world,
      'SELECT next_check_at FROM payouts WHERE id = $1',
      [id],
    );
    expect(row!.next_check_at).toBeNull();
  });

  /**
   * The provider's webhook as the controller dispatches it, after the bytes reached it (the
   * HTTP side, raw body and status codes, is tests/integration/rail-webhook.test.ts). Moved
   * here from tests/integration/payouts-admin.test.ts, which made its payouts over HTTP.
   */
  describe('provider webhooks (HMAC-SHA256 over the raw body)', () => {
    const webhook = (body: unknown, { secret = SECRET, at = world.clock.now() } = {}) => {
      const raw = Buffer.from(JSON.stringify(body));
      const timestamp = String(Math.floor(at.getTime() / 1000));
      return world.app
        .get(CommandBus)
        .execute(new ApplyRailWebhookCommand(raw, signWebhook(secret, timestamp, raw), timestamp));
    };

    it('settles a processing payout from a signed event, and books a later return once', async () => {
      const { user, id } = await newPayout(100, { send: [{ status: 'pending' }] });
      expect(await processor.advance(id, job)).toMatchObject({ status: 'processing' });
      expect(
        await webhook({
          id: 'evt_1',
          payout: { reference: id, status: 'processed', utr: 'UTR987654321' },
        }),
      ).toEqual({ known: true, status: 'processed' });
      expect(await payoutRow(world, id)).toMatchObject({
        status: 'processed',
        utr: 'UTR987654321',
      });

      const returned = {
        id: 'evt_2',
        payout: { reference: id, status: 'reversed', reason: 'Account closed.' },
      };
      expect(await webhook(returned)).toEqual({ known: true, status: 'reversed' });
      expect(await webhook(returned)).toEqual({ known: true, status: 'reversed' });
      expect(await payoutRow(world, id)).toMatchObject({
        utr: 'UTR987654321',
        message: 'Account closed.',
      });
      expect(await streamEvents(world, `payout:${id}`)).toEqual([
        'payout.requested',
        'payout.processing',
        'payout.processed',
        'payout.returned',
      ]);
      expect(await accountOf(world, user.id)).toEqual({
        posted: 100000,
        pending: 0,
        available: 100000,
      });
      expect(
        await webhook({
          id: 'evt_3',
          payout: { reference: randomUUID(), status: 'processed', utr: 'X' },
        }),
      ).toEqual({
        known: false,
      });
    });

    it('refuses a wrong secret, a changed body and a stale timestamp', async () => {
      const { id } = await newPayout(100, { send: [{ status: 'pending' }] });
      const event = { id: 'evt_4', payout: { reference: id, status: 'failed', reason: 'x' } };
      await expect(webhook(event, { secret: 'another-secret' })).rejects.toThrow(
        'Invalid webhook signature.',
      );
      await expect(
        webhook(event, { at: new Date(world.clock.now().getTime() - 6 * 60_000) }),
      ).rejects.toThrow('Invalid webhook signature.');
      const raw = Buffer.from(JSON.stringify(event));
      const timestamp = String(Math.floor(world.clock.now().getTime() / 1000));
      const signature = signWebhook(SECRET, timestamp, raw);
      const tampered = Buffer.from(
        JSON.stringify({ ...event, payout: { ...event.payout, status: 'processed', utr: 'U1' } }),
      );
      await expect(
        world.app
          .get(CommandBus)
          .execute(new ApplyRailWebhookCommand(tampered, signature, timestamp)),
      ).rejects.toThrow('Invalid webhook signature.');
      expect((await payoutRow(world, id)).status).toBe('queued');
    });
  });

  it('leaves a ledger that verifies', async () => {
    expect(await ledgerViolations(world)).toEqual([]);
  });
});
