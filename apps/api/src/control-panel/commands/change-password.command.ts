import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';

/**
 * Replaces the caller's sign-in password; the current one must be right. Answers how many of
 * the caller's other sessions it ended.
 */
export class ChangePasswordCommand extends Command<number> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly oldPassword: string,
    readonly newPassword: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
