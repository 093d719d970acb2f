import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

export const REDIS = Symbol('REDIS');
const logger = new Logger('Redis');

/**
 * The longest a request waits for one Redis command (rate limits, the session cache) before it
 * goes on without Redis: its fallback, or a 503 where a limit guards money.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 3000;

/**
 * Opens the Redis connection every key of this process goes through, under the run's prefix.
 * It is on the request path, so it never makes a request wait out an outage: no offline queue
 * (a command while Redis is unreachable fails at once), no retry of a command cut off by a lost
 * connection, and a timeout on every command. Jobs and socket subscribers have their own
 * connections that do wait (job-connection.ts, socket-redis.ts).
 */
export function createRedis(config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>): Redis {
  const redis = new Redis(config.redisUrl, {
    keyPrefix: `${config.redisPrefix}:`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Try again soon: until it is back, limits count per process (or refuse) and sessions come
    // from Postgres.
    retryStrategy: (times) => Math.min(times * 50, 500),
  });
  dropWhenHung(redis);
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

/**
 * A command that timed out on an open connection means Redis hangs (stopped, swapping, a dead
 * network path): drop the connection, so the next commands fail at once instead of each waiting
 * out the timeout. ioredis reconnects, and its ready check keeps the connection out of use until
 * Redis answers again.
 */
function dropWhenHung(redis: Redis): void {
  const sendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, stream) => {
    const sent = sendCommand(command, stream);
    command.promise.catch((error: Error) => {
      if (error.message !== 'Command timed out' || redis.status !== 'ready') return;
      logger.warn('Redis does not answer in time: reconnecting.');
      redis.disconnect(true);
    });
    return sent;
  };
}

/**
 * Resolves once the first connection attempt is settled either way, so the first requests of a
 * process find Redis ready (without an offline queue they would not wait for it), while a
 * process whose Redis is down starts at once.
 */
function firstAttempt(redis: Redis): Promise<Redis> {
  return new Promise((settled) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done).off('end', done);
      settled(redis);
    };
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
    redis.once('ready', done).once('error', done).once('end', done);
  });
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
      useFactory: (config: AppConfig) => firstAttempt(createRedis(config)),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
