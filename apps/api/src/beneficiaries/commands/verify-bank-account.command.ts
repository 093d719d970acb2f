import { Command } from '@nestjs/cqrs';
import type { AccountToVerify } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** A penny drop through the bank rail: verified only when the bank returns a payee name. */
export class VerifyBankAccountCommand extends Command<{ payeeName: string }> {
  constructor(
    readonly owner: AuthUser,
    readonly account: AccountToVerify,
    readonly context: RequestContext,
  ) {
    super();
  }
}
