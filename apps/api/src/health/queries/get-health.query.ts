import { Query } from '@nestjs/cqrs';
import type { DependencyState } from '../health.probes.js';

export interface HealthReport {
  status: 'ok' | 'degraded';
  postgres: DependencyState;
  redis: DependencyState;
}

export class GetHealthQuery extends Query<HealthReport> {}
