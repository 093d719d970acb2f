import { Command } from '@nestjs/cqrs';
import type { OnboardedUser } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/** What a person gives to get an account, already validated by the DTO's checks. */
export interface NewUserFields {
  name: string;
  mobile: string;
  email: string | null;
  shopName: string | null;
}

/** A password and PIN an admin sets directly (the scripted path); otherwise both are temporary. */
export interface DirectCredentials {
  password: string;
  pin: string;
}

/**
 * An admin or a distributor onboards a user into the network (POST /api/admin/register-user):
 * a temporary password goes out by SMS unless an admin gives the password and PIN directly
 * (never for a new admin: issue 31 item 4).
 */
export class OnboardUserCommand extends Command<OnboardedUser> {
  constructor(
    readonly registrar: AuthUser,
    readonly user: NewUserFields & { role: string },
    readonly direct: DirectCredentials | null,
    /** Admins only: the upline when it is not the registrar. */
    readonly parentMobile: string | null,
    readonly context: RequestContext,
    /** The registrar's PIN: required to create an admin (issue 31 item 4). */
    readonly pin: unknown,
  ) {
    super();
  }
}
