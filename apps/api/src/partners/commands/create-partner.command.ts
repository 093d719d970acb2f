import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { OnboardedUser } from '@khata/domain';

export interface NewPartner {
  name: string;
  mobile: string;
  businessName: string;
  webhookUrl: string | null;
}

/** An admin adds a partner: a user with role `partner`, below the admin, with the payout service. */
export class CreatePartnerCommand extends Command<OnboardedUser> {
  constructor(
    readonly admin: AuthUser,
    readonly partner: NewPartner,
    readonly context: RequestContext,
    /** The admin's PIN (issue 31 item 4). */
    readonly pin: unknown,
  ) {
    super();
  }
}
