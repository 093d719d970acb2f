import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { CallbackRequest } from '../callback-requests.repository.js';

/** Issue 14: an admin called the visitor back and marks the request handled, with a note. */
export class HandleCallbackCommand extends Command<CallbackRequest> {
  constructor(
    readonly admin: AuthUser,
    readonly id: string,
    readonly note: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
