import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthProbes } from './health.probes.js';
import { GetHealthHandler } from './queries/get-health.handler.js';

@Module({
  controllers: [HealthController],
  providers: [HealthProbes, GetHealthHandler],
})
export class HealthModule {}
