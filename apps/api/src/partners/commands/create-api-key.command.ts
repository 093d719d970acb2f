import { Command } from '@nestjs/cqrs';
import type { ApiKeySummary, PartnerScope } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

export interface CreatedApiKey {
  key: ApiKeySummary;
  /** `<prefix>.<secret>`: returned this once, never stored. */
  apiKey: string;
}

/** A signed-in partner makes an API key with these scopes. */
export class CreateApiKeyCommand extends Command<CreatedApiKey> {
  constructor(
    readonly partner: AuthUser,
    readonly name: string,
    readonly scopes: PartnerScope[],
    readonly context: RequestContext,
  ) {
    super();
  }
}
