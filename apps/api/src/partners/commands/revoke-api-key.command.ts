import { Command } from '@nestjs/cqrs';
import type { ApiKeySummary } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** A signed-in partner revokes one of its keys, with its PIN; the key stops working at once. */
export class RevokeApiKeyCommand extends Command<ApiKeySummary> {
  constructor(
    readonly partner: AuthUser,
    readonly id: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
