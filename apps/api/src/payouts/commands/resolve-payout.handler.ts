import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditTrail } from '../../audit/audit-trail.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { type HandResolutionTerms, resolveByHand } from '../../rail/hand-resolution.js';
import type { Payout } from '../payout.js';
import { PayoutMessages } from '../payout-messages.js';
import { PayoutProcessor } from '../payout-processor.js';
import { payoutRecord } from '../payout-record.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { ResolvePayoutCommand, type PayoutResolved } from './resolve-payout.command.js';

/** Settles a stuck payout by hand: the rail framework's act (rail/hand-resolution.ts). */
@CommandHandler(ResolvePayoutCommand)
export class ResolvePayoutHandler implements ICommandHandler<ResolvePayoutCommand> {
  private readonly terms: HandResolutionTerms<Payout>;

  constructor(
    private readonly pins: PinVerifier,
    processor: PayoutProcessor,
    private readonly payouts: PayoutsRepository,
    private readonly audit: AuditTrail,
  ) {
    this.terms = {
      noun: 'payout',
      sentTo: 'the bank',
      notFound: PayoutMessages.notFound,
      action: 'payout.resolve',
      resolve: async (id, resolution, trigger) => {
        const resolved = await processor.resolve(id, resolution, trigger);
        return resolved && { txn: resolved.payout, by: resolved.by };
      },
    };
  }

  async execute(command: ResolvePayoutCommand): Promise<PayoutResolved> {
    const { txn, by } = await resolveByHand({ pins: this.pins, audit: this.audit }, this.terms, {
      admin: command.admin,
      id: command.payoutId,
      status: command.status,
      utr: command.utr,
      reason: command.reason,
      customerMessage: command.customerMessage,
      pin: command.pin,
      context: command.context,
    });
    return { record: payoutRecord(txn, await this.payouts.balanceAfter(txn)), by };
  }
}
