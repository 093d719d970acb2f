import { Command } from '@nestjs/cqrs';
import type { LoginResult } from '../../auth/commands/login.command.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** Someone opened /loginIntoUser/{token} (or a distributor variant): sign them in once. */
export class LinkLoginCommand extends Command<LoginResult> {
  constructor(
    readonly token: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
