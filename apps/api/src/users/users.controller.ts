import { Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { SignedIn } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { GetProfileQuery } from './queries/get-profile.query.js';

@Controller('user')
export class UsersController {
  constructor(private readonly queries: QueryBus) {}

  /** spec §7 `/user/userData`: the caller's own profile. */
  @Post('userData')
  @HttpCode(200)
  @SignedIn()
  async userData(@CurrentUser() user: AuthUser) {
    return {
      success: true,
      profile: await this.queries.execute(new GetProfileQuery(user.userId, user.kind)),
    };
  }
}
