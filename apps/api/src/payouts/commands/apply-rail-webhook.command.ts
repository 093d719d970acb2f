import { Command } from '@nestjs/cqrs';

export interface RailWebhookApplied {
  /** False for a payout we do not know (acknowledged, so the provider stops retrying). */
  known: boolean;
  status?: string;
}

/**
 * A payout provider's webhook: the raw bytes it signed, its signature and timestamp headers.
 * Verified, then applied exactly like an answer to a status check.
 */
export class ApplyRailWebhookCommand extends Command<RailWebhookApplied> {
  constructor(
    readonly rawBody: Buffer | undefined,
    readonly signature: unknown,
    readonly timestamp: unknown,
  ) {
    super();
  }
}
