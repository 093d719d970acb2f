import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DmtTransferMessages } from '@khata/domain';
import { AuditTrail } from '../../audit/audit-trail.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import {
  type HandResolutionRequest,
  type HandResolutionTerms,
  resolveByHand,
} from '../../rail/hand-resolution.js';
import type { DmtRailTransfer } from '../dmt-transfer.js';
import { transferAuditDetails } from '../dmt-transfer-audit.js';
import { DmtTransferProcessor } from '../dmt-transfer-processor.js';

export interface DmtTransferResolved {
  transfer: DmtRailTransfer;
  /** `rail` when the provider answered after all and its answer was applied instead. */
  by: 'rail' | 'hand';
}

/**
 * `POST /api/dmt/transfer/resolve` (admin, PIN): settles a stuck transfer by hand, with a
 * reason, audited (`dmt.transfer-resolve`). The rail framework's act (rail/hand-resolution.ts),
 * as the payouts' resolution: never while a send may be on its way, once under a burst.
 */
export class ResolveDmtTransferCommand extends Command<DmtTransferResolved> {
  constructor(readonly request: HandResolutionRequest) {
    super();
  }
}

@CommandHandler(ResolveDmtTransferCommand)
export class ResolveDmtTransferHandler implements ICommandHandler<ResolveDmtTransferCommand> {
  private readonly terms: HandResolutionTerms<DmtRailTransfer>;

  constructor(
    private readonly pins: PinVerifier,
    private readonly audit: AuditTrail,
    processor: DmtTransferProcessor,
  ) {
    this.terms = {
      noun: 'DMT transfer',
      sentTo: 'the provider',
      notFound: DmtTransferMessages.transferNotFound,
      action: 'dmt.transfer-resolve',
      resolve: (id, resolution, trigger) => processor.resolve(id, resolution, trigger),
      auditDetails: transferAuditDetails,
    };
  }

  async execute({ request }: ResolveDmtTransferCommand): Promise<DmtTransferResolved> {
    const { txn, by } = await resolveByHand(
      { pins: this.pins, audit: this.audit },
      this.terms,
      request,
    );
    return { transfer: txn, by };
  }
}
