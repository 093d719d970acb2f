import { Command } from '@nestjs/cqrs';
import type { TemporaryCredential } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** All Users' "reset password or PIN" (POST /api/admin/resetCredentials), with the actor's PIN. */
export class ResetCredentialsCommand extends Command<void> {
  constructor(
    readonly actor: AuthUser,
    readonly userId: string,
    readonly what: TemporaryCredential,
    readonly reason: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
