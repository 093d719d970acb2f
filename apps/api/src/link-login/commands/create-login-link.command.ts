import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

export interface LoginLink {
  token: string;
  /** The console route to open, token included. */
  path: string;
  expiresAt: Date;
}

/** An admin or upline asks for a one-time link that signs them in as a user below them. */
export class CreateLoginLinkCommand extends Command<LoginLink> {
  constructor(
    readonly caller: AuthUser,
    readonly mobile: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
