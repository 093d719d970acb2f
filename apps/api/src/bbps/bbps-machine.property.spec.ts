import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import type { HoldOperation, LedgerEvent } from '@khata/ledger';
import {
  anyReply,
  BBPS_TIMINGS,
  type ProviderCall,
  type Reply,
  round,
  serve,
  unsettling,
} from './testing/scripted-bbps-rail.js';

/**
 * The bill payment machine (bbps-machine.ts) run by the real BbpsProcessor, BbpsRailStore and
 * BbpsLedger on an in-memory `bbps_payments` (testing/scripted-bbps-rail.ts), against a
 * scripted provider that answers processed, failed, pending, times out, answers garbage or
 * says it never saw the payment, while the counter, the sweep and an admin's check advance the
 * payment at once (fast-check's scheduler interleaves their statements and calls). The money
 * is checked on the ledger events the store appended: the hold of amount + CCF posted once at
 * processed or voided once at failed, never both, never touched otherwise.
 */

// The processor logs each move and each unknown answer; the properties play thousands.
Logger.overrideLogger(false);

const rounds = (replies: fc.Arbitrary<Reply>) =>
  fc.array(round(replies), { minLength: 1, maxLength: 10 });

const holdsOf = (events: LedgerEvent[], op: HoldOperation['op']) =>
  events.flatMap((event) => event.holds ?? []).filter((hold) => hold.op === op);

const typesOf = (events: LedgerEvent[]) => events.map((event) => event.type.split('.').pop());

/**
 * Each send after the first: the provider, asked since the last send, said `not-found`, and
 * the last send is at least `resendAfterMs` old. Answers the sends that broke the rule.
 */
function unsafeResends(calls: ProviderCall[]): ProviderCall[] {
  const unsafe: ProviderCall[] = [];
  let last: ProviderCall | undefined;
  let notFoundSince = false;
  for (const call of calls) {
    if (call.call === 'ask') {
      if (call.reply === 'not-found') notFoundSince = true;
      continue;
    }
    if (last && (!notFoundSince || call.at - last.at < BBPS_TIMINGS.resendAfterMs)) {
      unsafe.push(call);
    }
    last = call;
    notFoundSince = false;
  }
  return unsafe;
}

describe('the bill payment machine with concurrent callers against a scripted provider', () => {
  it('sends once, and again only after "not found" about a send old enough', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), rounds(anyReply), async (scheduler, script) => {
        const { payment, provider } = await serve(scheduler, script);
        const sends = provider.calls.filter((call) => call.call === 'send');
        expect(unsafeResends(provider.calls)).toEqual([]);
        // Every send the row counts reached the provider, and none it does not count.
        expect(sends).toHaveLength(payment.sends);
        // Every request named the payment: its id is the provider's idempotency key.
        for (const request of provider.sent) {
          expect(request).toMatchObject({ reference: payment.id, refId: payment.refId });
        }
      }),
      { numRuns: 400 },
    );
  });

  it('never goes back: processed and failed are final', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), rounds(anyReply), async (scheduler, script) => {
        const { payment, payments } = await serve(scheduler, script);
        expect([
          ['queued'],
          ['queued', 'processing'],
          ['queued', 'processing', 'processed'],
          ['queued', 'processing', 'failed'],
        ]).toContainEqual(payments.statuses);
        expect(payment.status).toBe(payments.statuses.at(-1));
      }),
      { numRuns: 400 },
    );
  });

  it('posts the hold once at processed or voids it once at failed, never both, on the provider’s word', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), rounds(anyReply), async (scheduler, script) => {
        const { payment, provider, events } = await serve(scheduler, script);
        const posts = holdsOf(events, 'post');
        const voids = holdsOf(events, 'void');
        const total = payment.amount + payment.ccf;
        expect(posts).toEqual(
          payment.status === 'processed'
            ? [{ op: 'post', holdId: payment.holdId, amount: total }]
            : [],
        );
        expect(voids).toEqual(
          payment.status === 'failed' ? [{ op: 'void', holdId: payment.holdId }] : [],
        );
        // Events: the in-flight mark at most once, then the final one; nothing after it.
        const types = typesOf(events);
        expect(types.filter((type) => type === 'processing').length).toBeLessThanOrEqual(1);
        const final = types.filter((type) => type === 'processed' || type === 'failed');
        expect(final).toEqual(
          payment.status === 'processed' || payment.status === 'failed' ? [payment.status] : [],
        );
        if (final.length) expect(types.at(-1)).toBe(final[0]);
        // Settled only on the provider's own answer.
        if (final.length) {
          expect(provider.calls.map((call) => call.reply)).toContain(payment.status);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('never fails a payment on pending, a timeout or garbage, however long, and sends it once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), rounds(unsettling), async (scheduler, script) => {
        const { payment, provider, events } = await serve(scheduler, script);
        expect(payment).toMatchObject({ status: 'processing', sends: 1 });
        expect(provider.calls.filter((call) => call.call === 'send')).toHaveLength(1);
        expect(holdsOf(events, 'post')).toEqual([]);
        expect(holdsOf(events, 'void')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('sends again after "not found" once the send is old enough, and not before', async () => {
    const timeout = { status: 'timeout' } as const;
    const notFound = { status: 'not-found' } as const;
    const { payment, provider } = await serve(fc.sample(fc.scheduler(), 1)[0]!, [
      { callers: ['counter'], sends: [timeout], asks: [], laterMs: 10_000 },
      // 10 s after the send: too young to be given up; asked, not found, not sent again.
      { callers: ['admin'], sends: [], asks: [notFound], laterMs: BBPS_TIMINGS.resendAfterMs },
      {
        callers: ['sweep'],
        sends: [{ status: 'processed', utr: 'BBPS0000000000000009' }],
        asks: [notFound],
        laterMs: 0,
      },
    ]);
    expect(provider.calls.map(({ call, reply }) => `${call}:${reply}`)).toEqual([
      'send:timeout',
      'ask:not-found',
      'ask:not-found',
      'send:processed',
    ]);
    expect(payment).toMatchObject({
      status: 'processed',
      sends: 2,
      bbpsReference: 'BBPS0000000000000009',
    });
  });
});
