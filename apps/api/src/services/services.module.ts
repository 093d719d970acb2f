import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { NetworkModule } from '../network/network.module.js';
import { UpdateServicesHandler } from './commands/update-services.handler.js';
import { GetUserServicesHandler } from './queries/get-user-services.handler.js';
import { ServiceOverridesRepository } from './service-overrides.repository.js';
import { ServiceSubjects } from './service-subjects.js';
import { ServicesController } from './services.controller.js';

/**
 * Services per user (issue 12): role defaults from libs/domain's catalogue plus per-user
 * overrides. Exports the overrides repository for the one way users are created.
 */
@Module({
  imports: [CredentialsModule, NetworkModule],
  controllers: [ServicesController],
  providers: [
    ServiceOverridesRepository,
    ServiceSubjects,
    GetUserServicesHandler,
    UpdateServicesHandler,
  ],
  exports: [ServiceOverridesRepository],
})
export class ServicesModule {}
