import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';

/** Ends one of the caller's own live sessions, named by its loginId in the login history. */
export class LogoutSessionCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly loginId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
