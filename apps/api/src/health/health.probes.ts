import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Db } from '../database/unit-of-work.js';
import { REDIS } from '../redis/redis.module.js';

export interface DependencyState {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
}

const PROBE_TIMEOUT_MS = 2000;

/** Asks each dependency a trivial question and times the answer. */
@Injectable()
export class HealthProbes {
  constructor(
    private readonly db: Db,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  postgres(): Promise<DependencyState> {
    return probe(() => this.db.query('SELECT 1'));
  }

  redisState(): Promise<DependencyState> {
    return probe(() => this.redis.ping());
  }
}

async function probe(ask: () => Promise<unknown>): Promise<DependencyState> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([ask(), timeout]);
    return { status: 'up', latencyMs: elapsed(started) };
  } catch (error) {
    return { status: 'down', latencyMs: elapsed(started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
