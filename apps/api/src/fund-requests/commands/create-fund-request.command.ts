import { Command } from '@nestjs/cqrs';
import type { FundRequestRecord } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** A user asks for a top-up it paid into a company bank account, with the proof's bytes. */
export class CreateFundRequestCommand extends Command<FundRequestRecord> {
  constructor(
    readonly user: AuthUser,
    readonly fields: Record<string, unknown>,
    readonly proof: Buffer | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}
