import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** The answer: a fresh session, since every session of the user ends (they knew a temporary value). */
export interface CredentialsSet {
  token: string;
}

/** The user replaces its temporary password and/or PIN (POST /api/auth/setCredentials). */
export class SetCredentialsCommand extends Command<CredentialsSet> {
  constructor(
    readonly user: AuthUser,
    readonly newPassword: string | null,
    readonly newPin: string | null,
    /** The temporary PIN from the SMS, checked when `asksTemporaryPin` (libs/domain). */
    readonly temporaryPin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}
