import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** What a person gives to get an account, already validated by the DTO's checks. */
export interface NewUserFields {
  name: string;
  mobile: string;
  email: string | null;
  password: string;
  pin: string;
  shopName: string | null;
}

export interface RegisteredUser {
  id: string;
  mobile: string;
  role: string;
}

/** An admin or a distributor adds a user to the network (POST /api/admin/register-user). */
export class RegisterUserCommand extends Command<RegisteredUser> {
  constructor(
    readonly registrar: AuthUser,
    readonly user: NewUserFields & { role: string },
    /** Admins only: the upline when it is not the registrar. */
    readonly parentMobile: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}
