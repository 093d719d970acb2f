import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { CreateLoginLinkHandler } from './commands/create-login-link.handler.js';
import { LinkLoginHandler } from './commands/link-login.handler.js';
import { DownlineRepository } from './downline.repository.js';
import { LinkLoginController } from './link-login.controller.js';
import { SignInLinks } from './sign-in-links.js';
import { LinkTokensRepository } from './link-tokens.repository.js';

/** Link-token logins: an admin or upline opens the account of a user below them, once. */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [LinkLoginController],
  providers: [
    LinkTokensRepository,
    SignInLinks,
    DownlineRepository,
    CreateLoginLinkHandler,
    LinkLoginHandler,
  ],
})
export class LinkLoginModule {}
