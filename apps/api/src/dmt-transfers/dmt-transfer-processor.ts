import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { HandResolution } from '../rail/rail-machine.js';
import { RailProcessor, type Trigger } from '../rail/rail-processor.js';
import type { DmtRailTransfer } from './dmt-transfer.js';
import { dmtTransferMachine } from './dmt-transfer-machine.js';
import { DmtTransferRailStore } from './dmt-transfer-rail-store.js';
import { DmtProvider, type DmtTransferRequest } from './dmt-provider.js';

/**
 * DMT transfers on the rail framework: the DMT machine run by the shared RailProcessor against
 * the DMT provider and the transfers' store. Safe to run for one transfer in several places at
 * once (a retried job, the sweep, an admin's check): it never sends a transfer twice, and a
 * timeout or a garbled answer is asked about (status enquiry), never sent again.
 */
@Injectable()
export class DmtTransferProcessor {
  private readonly rail: RailProcessor<DmtRailTransfer, DmtTransferRequest>;

  constructor(
    store: DmtTransferRailStore,
    provider: DmtProvider,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rail = new RailProcessor({
      noun: 'DMT transfer',
      machine: dmtTransferMachine,
      store,
      adapter: provider,
      requestOf,
      timings: () => config.dmt,
      now: () => clock.now(),
      logger: new Logger('DmtTransfers'),
    });
  }

  advance(
    transferId: string,
    trigger: Trigger,
    options: { checkReturn?: boolean } = {},
  ): Promise<DmtRailTransfer | undefined> {
    return this.rail.advance(transferId, trigger, options);
  }

  /**
   * An admin settles a transfer the provider gives no final answer for: the provider's own
   * answer wins, the hand's applies only if no send was claimed meanwhile and none may still be
   * on its way (RailProcessor.resolve). Failed by hand, it goes to refund pending in the store's
   * move, like any failure.
   */
  resolve(
    transferId: string,
    resolution: HandResolution,
    trigger: Trigger,
  ): Promise<{ txn: DmtRailTransfer; by: 'rail' | 'hand' } | undefined> {
    return this.rail.resolve(transferId, resolution, trigger);
  }
}

/** The provider's request of a transfer: its id is the provider's idempotency key. */
function requestOf(transfer: DmtRailTransfer): DmtTransferRequest {
  return {
    reference: transfer.id,
    product: transfer.product,
    remitterMobile: transfer.payee.remitterMobile,
    accountNumber: transfer.payee.accountNumber,
    ifsc: transfer.payee.ifsc,
    beneficiaryName: transfer.payee.beneficiaryName,
    amount: transfer.amount,
    mode: transfer.mode,
  };
}
