import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RailProcessor, type Trigger } from '../rail/rail-processor.js';
import { bbpsMachine } from './bbps-machine.js';
import type { BbpsPayment } from './bbps-payment.js';
import { BbpsProvider, type BbpsPayRequest } from './bbps-provider.js';
import { BbpsRailStore } from './bbps-rail-store.js';

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
    this.rail = new RailProcessor({
      noun: 'bill payment',
      machine: bbpsMachine,
      store,
      adapter: provider,
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
