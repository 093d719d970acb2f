import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';

const logger = new Logger('Jobs');

/**
 * A Redis connection of the job system's own: BullMQ refuses ioredis key prefixes (it takes
 * its own `prefix`), so the app's shared connection cannot serve it. The worker's must retry
 * forever (`maxRetriesPerRequest: null`) to ride out an outage in its blocking reads; the
 * producer's fails fast, so a caller learns at once that nothing was enqueued.
 */
export function openJobConnection(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  use: 'queue' | 'worker',
): Redis {
  const redis = new Redis(config.redisUrl, {
    maxRetriesPerRequest: use === 'worker' ? null : 1,
    connectTimeout: 3000,
    connectionName: `${config.redisPrefix}-jobs-${use}`,
  });
  // ioredis reconnects by itself; say so once per outage instead of once per retry.
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down)
      logger.warn(`Redis is unreachable for the job ${use}, reconnecting: ${error.message}`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.log(`Redis is reachable again for the job ${use}.`);
    down = false;
  });
  return redis;
}

export async function closeJobConnection(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
