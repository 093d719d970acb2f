import { Command } from '@nestjs/cqrs';
import type { ApiKeySummary } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/**
 * A signed-in partner revokes one of its keys, or an admin one of a partner's (issue 23), with
 * the PIN of whoever does it; the key stops working at once.
 */
export class RevokeApiKeyCommand extends Command<ApiKeySummary> {
  constructor(
    readonly actor: AuthUser,
    readonly partnerId: string,
    readonly id: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
