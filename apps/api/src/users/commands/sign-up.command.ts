import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../common/http/request-context.js';
import type { NewUserFields } from './register-user.command.js';

/** A visitor opens a direct-onboard account (POST /api/auth/signup, /signup and /register). */
export class SignUpCommand extends Command<void> {
  constructor(
    readonly user: NewUserFields,
    readonly context: RequestContext,
  ) {
    super();
  }
}
