import { Command } from '@nestjs/cqrs';
import type { Paise } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

export interface OverdraftSet {
  userId: string;
  overdraftLimit: Paise;
  replayed: boolean;
}

/** An admin sets (or with 0 ends) a wallet's overdraft limit (issue 13, `/admin/overdraft`). */
export class SetOverdraftCommand extends Command<OverdraftSet> {
  constructor(
    readonly admin: AuthUser,
    readonly userId: string,
    readonly limit: Paise,
    readonly reason: string,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
