import { Command } from '@nestjs/cqrs';
import type { SignInArea, TemporaryCredential } from '@khata/domain';
import type { RequestContext } from '../../common/http/request-context.js';
import type { Profile } from '../../users/profiles.js';

/** Which door the user came through: /login (admin area) or /partnerLogin. */
export type LoginArea = SignInArea;

export interface LoginResult {
  token: string;
  profile: Profile;
  /** Only while the password or PIN is temporary (MustChangeCredentials in the contract). */
  mustChangeCredentials?: true;
  temporary?: TemporaryCredential[];
}

export class LoginCommand extends Command<LoginResult> {
  constructor(
    readonly mobile: string,
    readonly password: string,
    readonly area: LoginArea,
    readonly context: RequestContext,
  ) {
    super();
  }
}
