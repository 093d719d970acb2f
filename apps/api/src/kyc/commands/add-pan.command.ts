import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** The dashboard's PAN task (POST /api/user/pan): a user with no PAN on file gives one. */
export class AddPanCommand extends Command<void> {
  constructor(
    readonly user: AuthUser,
    /** Validated and upper-cased by the DTO (`checkPan`). */
    readonly pan: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
