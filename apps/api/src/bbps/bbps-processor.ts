import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { RailAdapter } from '../rail/rail-adapter.js';
import { RailProcessor, type Trigger } from '../rail/rail-processor.js';
import { bbpsMachine } from './bbps-machine.js';
import type { BbpsPayment } from './bbps-payment.js';
import { BbpsProvider, type BbpsPayRequest } from './bbps-provider.js';
import { BbpsRailStore } from './bbps-rail-store.js';

/** How many sends a payment the provider never received gets before it is given up. */
export const BBPS_NEVER_RECEIVED_SENDS = 3;
export const BBPS_NEVER_RECEIVED =
  'Bharat BillPay never received this payment. No money moved: the amount is back in your wallet.';

/**
 * Bill payments on the rail framework (issue 27): the BBPS machine run by the shared
 * RailProcessor against the BBPS provider. The shop's request sends it and waits (the customer
 * is at the counter); a timeout, a 5xx or `pending` leaves it processing, asked about by the
 * sweep or an admin (status enquiry), never paid twice: the payment id is the provider's
 * idempotency key and `refId` BBPS's.
 */
@Injectable()
export class BbpsProcessor {
  private readonly rail: RailProcessor<BbpsPayment, BbpsPayRequest>;

  constructor(
    store: BbpsRailStore,
    provider: BbpsProvider,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const { resendAfterMs } = config.bbps;
    // A payment the provider says it never received, after its last send is past any chance of
    // still arriving and it was sent BBPS_NEVER_RECEIVED_SENDS times, failed: the hold is freed
    // rather than held for ever on a provider that never takes it (docs/decisions.md).
    const adapter: RailAdapter<BbpsPayRequest> = {
      send: (request) => provider.send(request),
      status: async (reference) => {
        const answer = await provider.status(reference);
        if (answer.status !== 'not-found') return answer;
        const payment = await store.find(reference);
        const lastSend = payment?.sendStartedAt?.getTime();
        const settled =
          payment !== undefined &&
          payment.sends >= BBPS_NEVER_RECEIVED_SENDS &&
          lastSend !== undefined &&
          clock.now().getTime() - lastSend >= resendAfterMs;
        return settled ? { status: 'failed', reason: BBPS_NEVER_RECEIVED } : answer;
      },
    };
    this.rail = new RailProcessor({
      noun: 'bill payment',
      machine: bbpsMachine,
      store,
      adapter,
      requestOf,
      timings: () => config.bbps,
      now: () => clock.now(),
      logger: new Logger('Bbps'),
    });
  }

  advance(id: string, trigger: Trigger): Promise<BbpsPayment | undefined> {
    return this.rail.advance(id, trigger);
  }
}

/** The provider's request of a payment: its id is the idempotency key. */
function requestOf(payment: BbpsPayment): BbpsPayRequest {
  return {
    reference: payment.id,
    refId: payment.refId,
    billerId: payment.billerId,
    params: payment.params,
    customerMobile: payment.customerMobile,
    amount: payment.amount,
    ccf: payment.ccf,
    fetchRef: payment.fetchRef,
    agent: payment.agent,
  };
}
