import { AnswersAlso } from '../api-docs/answers.js';
import { Controller, Get, Logger, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public } from '../auth/access.js';
import type { Response } from 'express';
import type { DependencyState } from './health.probes.js';
import { GetHealthQuery } from './queries/get-health.query.js';

@Controller('health')
export class HealthController {
  readonly #logger = new Logger('Health');

  constructor(private readonly queries: QueryBus) {}

  /**
   * 200 when Postgres and Redis both answer, 503 otherwise, so a load balancer can act on it.
   * Public, so it says up or down and how long each took, never why (issue 31: a dependency's
   * error names hosts, ports and failed logins); the reason goes to the log.
   */
  @Get()
  @Public()
  @AnswersAlso(503)
  async health(@Res({ passthrough: true }) response: Response) {
    const report = await this.queries.execute(new GetHealthQuery());
    for (const [name, state] of [
      ['postgres', report.postgres],
      ['redis', report.redis],
    ] as const) {
      if (state.error) this.#logger.warn(`Health: ${name} is ${state.status}: ${state.error}`);
    }
    response.status(report.status === 'ok' ? 200 : 503);
    return {
      success: report.status === 'ok',
      status: report.status,
      postgres: statusOnly(report.postgres),
      redis: statusOnly(report.redis),
    };
  }
}

function statusOnly({ status, latencyMs }: DependencyState): Omit<DependencyState, 'error'> {
  return { status, latencyMs };
}
