import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { MetricsRepository } from './metrics.repository.js';
import { MetricsService } from './metrics.service.js';

/** `GET /metrics` for Prometheus (issue 16): docs/operations.md lists the figures. */
@Module({
  controllers: [MetricsController],
  providers: [MetricsRepository, MetricsService],
})
export class MetricsModule {}
