import { Module } from '@nestjs/common';
import { NetworkModule } from '../network/network.module.js';
import { UsersModule } from '../users/users.module.js';
import { CommissionsController } from './commissions.controller.js';
import { CommissionsRepository } from './commissions.repository.js';
import { CommissionsService } from './commissions.service.js';

/**
 * Commission schemes, tax rates and My profit (issue 13). PayoutsModule imports it for the
 * scheme in force at request and the split at `processed`.
 */
@Module({
  imports: [NetworkModule, UsersModule],
  controllers: [CommissionsController],
  providers: [CommissionsRepository, CommissionsService],
  exports: [CommissionsRepository],
})
export class CommissionsModule {}
