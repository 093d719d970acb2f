import { Module } from '@nestjs/common';
import { Profiles } from './profiles.js';
import { GetProfileHandler } from './queries/get-profile.handler.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, Profiles, GetProfileHandler],
  exports: [UsersRepository, Profiles],
})
export class UsersModule {}
