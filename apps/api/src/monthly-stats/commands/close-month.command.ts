import { Command } from '@nestjs/cqrs';
import type { MonthCloseInfo } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** An admin closes a month that has ended in India and reconciles, with their PIN. */
export class CloseMonthCommand extends Command<MonthCloseInfo> {
  constructor(
    readonly actor: AuthUser,
    readonly month: string,
    readonly context: RequestContext,
    /** The `pin` header as sent: checked like every other money action's (issue 23). */
    readonly pin: unknown,
  ) {
    super();
  }
}
