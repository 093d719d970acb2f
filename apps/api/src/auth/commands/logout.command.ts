import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';

/** Ends the caller's current session. */
export class LogoutCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
