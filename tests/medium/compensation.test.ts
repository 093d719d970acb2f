import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, indiaDay } from '@khata/domain';
import { PayCompensationCommand } from '../../apps/api/src/payouts/commands/pay-compensation.command.js';
import {
  CompensationMessages,
  PayCompensationHandler,
} from '../../apps/api/src/payouts/commands/pay-compensation.handler.js';
import { PayoutProcessor } from '../../apps/api/src/payouts/payout-processor.js';
import { ErrorKind } from '../../apps/api/src/common/errors.js';
import { given, type GivenUser } from '../support/given.js';
import { startMediumApp, type MediumApp } from '../support/medium-app.js';
import { payerWithPayee, requestPayout } from '../support/medium-payouts.js';
import { refusalOf } from '../support/medium-refusals.js';
import { actorOf, NO_CONTEXT } from '../support/medium-service.js';
import { accountOf, ledgerViolations, streamEvents } from '../support/payouts.js';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

/**
 * PayCompensationHandler (issue 14: ₹100 per India day a failed payout came back after T + 1)
 * over payouts driven by the real processor against a scripted bank and a movable clock: one
 * back late (owed), one back the same day (on time), one paid (not failed). The HTTP side
 * (status codes, roles, bursts of clicks) is tests/integration/compensation.
 */
describe('paying a late return’s compensation, as the handler decides it', () => {
  let world: MediumApp;
  let admin: GivenUser;
  let late: { id: string; user: GivenUser };
  let onTime: { id: string; user: GivenUser };
  let paid: { id: string; user: GivenUser };
  const job = { by: 'worker', jobId: 'medium', attempt: 1 } as const;
  // T: twenty India days ahead, so no real day boundary falls inside the test.
  const T = addDays(indiaDay(new Date()), 20);
  const RUPEES = 150;
  const DAYS_LATE = 2; // back on T + 3: two India days after T + 1

  beforeAll(async () => {
    world = await startMediumApp();
    admin = await given(world).user({ role: 'admin', services: [] });
    const processor = world.app.get(PayoutProcessor);
    world.clock.setTo(ist(T, '23:50'));
    const newPayout = async (script: Parameters<MediumApp['rail']['script']>[1]) => {
      const payer = await payerWithPayee(world, 1000);
      const id = await requestPayout(world, payer, RUPEES);
      world.rail.script(id, script);
      await processor.advance(id, job);
      return { id, user: payer.user };
    };
    late = await newPayout({
      send: [{ status: 'timeout' }],
      status: [{ status: 'failed', reason: 'Beneficiary bank offline' }],
    });
    onTime = await newPayout({ send: [{ status: 'failed', reason: 'Account closed' }] });
    paid = await newPayout({ send: [{ status: 'processed', utr: 'UTR-P' }] });
    world.clock.setTo(ist(addDays(T, 3), '09:30'));
    expect(await processor.advance(late.id, job)).toMatchObject({ status: 'failed' });
    world.clock.setTo(ist(addDays(T, 4), '10:00'));
  }, 180_000);
  afterAll(async () => {
    await world.close();
  });

  const pay = (payoutId: string) =>
    world.app
      .get(PayCompensationHandler)
      .execute(new PayCompensationCommand(actorOf(admin), payoutId, admin.pin, NO_CONTEXT));

  it('refuses a payout back on time and one the bank paid, and moves no money', async () => {
    const before = await accountOf(world, onTime.user.id);
    await expect(refusalOf(pay(onTime.id))).resolves.toEqual({
      kind: ErrorKind.Conflict,
      message: CompensationMessages.onTime,
    });
    await expect(refusalOf(pay(paid.id))).resolves.toEqual({
      kind: ErrorKind.Conflict,
      message: CompensationMessages.notFailed('processed'),
    });
    expect(await accountOf(world, onTime.user.id)).toEqual(before);
    expect(await streamEvents(world, `compensation:${onTime.id}`)).toEqual([]);
    expect(await streamEvents(world, `compensation:${paid.id}`)).toEqual([]);
  });

  it('pays ₹100 a day after T + 1 into the owner’s wallet, once', async () => {
    const before = await accountOf(world, late.user.id);
    const answer = await pay(late.id);
    expect(answer).toMatchObject({ amount: 100 * DAYS_LATE, by: { id: admin.id } });
    const after = await accountOf(world, late.user.id);
    expect(after.posted - before.posted).toBe(100 * DAYS_LATE * 100);
    expect(await streamEvents(world, `compensation:${late.id}`)).toHaveLength(1);

    await expect(refusalOf(pay(late.id))).resolves.toEqual({
      kind: ErrorKind.Conflict,
      message: CompensationMessages.alreadyPaid(answer),
    });
    expect(await accountOf(world, late.user.id)).toEqual(after);
    expect(await streamEvents(world, `compensation:${late.id}`)).toHaveLength(1);
    expect(await ledgerViolations(world)).toEqual([]);
  });
});
