import { Command } from '@nestjs/cqrs';
import type { PartnerWebhookState } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

export interface WebhookChanged {
  webhook: PartnerWebhookState;
  /** Only when this call made a new signing secret: shown this once. */
  secret?: string;
}

/** A signed-in partner sets where payout events go; the first URL also makes a secret. */
export class SetWebhookCommand extends Command<WebhookChanged> {
  constructor(
    readonly partner: AuthUser,
    readonly url: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** A new signing secret, with the partner's PIN; the old one stops signing at once. */
export class RotateWebhookSecretCommand extends Command<WebhookChanged> {
  constructor(
    readonly partner: AuthUser,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
