import { Module } from '@nestjs/common';
import { NetworkModule } from '../network/network.module.js';
import { AdminDashboardController } from './admin-dashboard.controller.js';
import { AdminDashboardRepository } from './admin-dashboard.repository.js';
import { GetAdminDashboardHandler } from './get-admin-dashboard.js';

/** The admin dashboard's figures, scoped by the network rule. */
@Module({
  imports: [NetworkModule],
  controllers: [AdminDashboardController],
  providers: [AdminDashboardRepository, GetAdminDashboardHandler],
})
export class AdminDashboardModule {}
