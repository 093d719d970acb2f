import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public } from '../auth/access.js';
import type { Response } from 'express';
import { GetHealthQuery } from './queries/get-health.query.js';

@Controller('health')
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  /** 200 when Postgres and Redis both answer, 503 otherwise, so a load balancer can act on it. */
  @Get()
  @Public()
  async health(@Res({ passthrough: true }) response: Response) {
    const report = await this.queries.execute(new GetHealthQuery());
    response.status(report.status === 'ok' ? 200 : 503);
    return { success: report.status === 'ok', ...report };
  }
}
