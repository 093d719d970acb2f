import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';

/** Replaces the caller's transaction PIN; the old one must be right (and counts toward the lock). */
export class ChangePinCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly oldPin: string,
    readonly newPin: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
