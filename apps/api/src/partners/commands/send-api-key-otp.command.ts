import { Command } from '@nestjs/cqrs';
import type { PartnerScope } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** A signed-in partner asks for the OTP that approves a key with this name and these scopes. */
export class SendApiKeyOtpCommand extends Command<{ referenceKey: string }> {
  constructor(
    readonly partner: AuthUser,
    readonly name: string,
    readonly scopes: PartnerScope[],
    readonly context: RequestContext,
  ) {
    super();
  }
}
