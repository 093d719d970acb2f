import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isUuid } from '@khata/domain';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { outcomeOfProviderPayout } from '../../rail/provider-rail.js';
import { checkSignedWebhook, SignedWebhookMessages } from '../../rail/signed-webhook.js';
import { PayoutProcessor } from '../payout-processor.js';
import { ApplyRailWebhookCommand, type RailWebhookApplied } from './apply-rail-webhook.command.js';

export const WebhookMessages = {
  ...SignedWebhookMessages,
  badBody: 'The webhook body is not a payout event.',
} as const;

interface WebhookBody {
  id: string;
  payout: { reference: string; status: string; utr?: string | null; reason?: string | null };
}

@CommandHandler(ApplyRailWebhookCommand)
export class ApplyRailWebhookHandler implements ICommandHandler<ApplyRailWebhookCommand> {
  private readonly logger = new Logger('RailWebhook');

  constructor(
    private readonly processor: PayoutProcessor,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: ApplyRailWebhookCommand): Promise<RailWebhookApplied> {
    const rawBody = checkSignedWebhook({
      secret: this.config.rail.providerWebhookSecret,
      rawBody: command.rawBody,
      signature: command.signature,
      timestamp: command.timestamp,
      now: this.clock.now(),
      logger: this.logger,
    });
    const body = parse(rawBody);
    if (!body) {
      this.logger.warn('A signed rail webhook is not a payout event.');
      throw new AppError(ErrorKind.Invalid, WebhookMessages.badBody);
    }
    if (!isUuid(body.payout.reference)) return { known: false };
    const payout = await this.processor.applyRailOutcome(
      body.payout.reference,
      outcomeOfProviderPayout(body.payout),
      { by: 'webhook', eventId: body.id },
    );
    if (!payout) {
      this.logger.warn(
        `A rail webhook named payout ${body.payout.reference}, which we do not have.`,
      );
      return { known: false };
    }
    return { known: true, status: payout.status };
  }
}

function parse(rawBody: Buffer): WebhookBody | undefined {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  const body = value as Partial<WebhookBody> | null;
  const payout = body?.payout;
  if (
    typeof body?.id !== 'string' ||
    typeof payout?.reference !== 'string' ||
    typeof payout.status !== 'string'
  ) {
    return undefined;
  }
  return {
    id: body.id.slice(0, 100),
    payout: {
      reference: payout.reference,
      status: payout.status,
      utr: typeof payout.utr === 'string' ? payout.utr : null,
      reason: typeof payout.reason === 'string' ? payout.reason.slice(0, 300) : null,
    },
  };
}
