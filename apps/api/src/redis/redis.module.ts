import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

export const REDIS = Symbol('REDIS');
const logger = new Logger('Redis');

/** Opens the Redis connection every key of this process goes through, under the run's prefix. */
export function createRedis(config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>): Redis {
  const redis = new Redis(config.redisUrl, {
    keyPrefix: `${config.redisPrefix}:`,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
  });
  // ioredis reconnects by itself; say so once per outage instead of once per retry.
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) logger.warn(`Redis is unreachable, reconnecting: ${error.message}`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.log('Redis is reachable again.');
    down = false;
  });
  return redis;
}

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createRedis(config),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
