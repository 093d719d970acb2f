import { Command } from '@nestjs/cqrs';
import type { WebhookDeliverySummary } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/**
 * Sends a failed webhook event again, as it was: the same stored payload and event id, signed
 * with the secret of the moment. `actor` is the partner itself or an admin.
 */
export class RedeliverWebhookCommand extends Command<WebhookDeliverySummary> {
  constructor(
    readonly actor: AuthUser,
    readonly partnerId: string,
    readonly eventId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
