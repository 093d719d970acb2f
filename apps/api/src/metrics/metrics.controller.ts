import { ApiProduces } from '@nestjs/swagger';
import { Controller, Get, Headers, Header, RequestMethod, Res } from '@nestjs/common';
import type { Response } from 'express';
import { timingSafeEqual, createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Public } from '../auth/access.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MetricsService } from './metrics.service.js';
import { MetricsMessages } from './metrics-messages.js';

/** Prometheus's usual path, outside the /api prefix (create-app.ts). */
export const METRICS_ROUTE = { path: 'metrics', method: RequestMethod.GET };

@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The Prometheus text format, for a scraper sending `Authorization: Bearer <METRICS_TOKEN>`
   * (public as far as sessions go: the token is its own check). 404 when METRICS_TOKEN is unset.
   */
  @Get(METRICS_ROUTE.path)
  @Public()
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/plain')
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const token = this.config.metricsToken;
    if (!token) {
      throw new AppError(ErrorKind.NotFound, MetricsMessages.off);
    }
    const sent = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!sent || !sameToken(sent, token.reveal())) {
      throw new AppError(ErrorKind.Unauthenticated, MetricsMessages.tokenRequired);
    }
    // Only the scrape is text: a refusal stays the JSON error body (the OpenAPI contract check
    // caught the 401 and 404 labelled text/plain when this was an @Header).
    const text = await this.metrics.scrape();
    response.setHeader('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    return text;
  }
}

/** Constant-time, whatever the lengths: both sides are hashed to 32 bytes first. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
