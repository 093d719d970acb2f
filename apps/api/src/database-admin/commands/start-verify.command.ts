import { Command } from '@nestjs/cqrs';
import type { VerifyRun } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** An admin asks for a ledger verify: a new run, or the one already open. */
export class StartVerifyCommand extends Command<{ started: boolean; run: VerifyRun }> {
  constructor(
    readonly admin: AuthUser,
    readonly context: RequestContext,
  ) {
    super();
  }
}
