import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { NetworkModule } from '../network/network.module.js';
import { SetUserStatusHandler } from './commands/set-user-status.js';
import { GetUserDetailsHandler } from './queries/get-user-details.js';
import { CountUsersHandler, ListUsersHandler } from './queries/list-users.js';
import { UsersAdminController } from './users-admin.controller.js';
import { UsersAdminRepository } from './users-admin.repository.js';

/** All Users, User details, activate and deactivate (issue 12). */
@Module({
  imports: [AuthModule, CredentialsModule, NetworkModule],
  controllers: [UsersAdminController],
  providers: [
    UsersAdminRepository,
    ListUsersHandler,
    CountUsersHandler,
    GetUserDetailsHandler,
    SetUserStatusHandler,
  ],
})
export class UsersAdminModule {}
