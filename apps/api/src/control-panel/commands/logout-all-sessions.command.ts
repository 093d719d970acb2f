import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';

/** Ends every live session of the caller, the current one included; answers how many. */
export class LogoutAllSessionsCommand extends Command<number> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    /** The `pin` header as sent: the PIN verifier checks its shape. */
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
