import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { HealthProbes } from '../health.probes.js';
import { GetHealthQuery, type HealthReport } from './get-health.query.js';

@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery> {
  constructor(private readonly probes: HealthProbes) {}

  async execute(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([this.probes.postgres(), this.probes.redisState()]);
    const status = postgres.status === 'up' && redis.status === 'up' ? 'ok' : 'degraded';
    return { status, postgres, redis };
  }
}
