import { Inject, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';

const logger = new Logger('Realtime');

/**
 * The channel prefix of socket.io's Redis adapter and emitter: the deployment's Redis prefix,
 * so two deployments (or two test runs) on one Redis never hear each other's events.
 */
export function socketChannelKey(config: Pick<AppConfig, 'redisPrefix'>): string {
  return `${config.redisPrefix}:socket.io`;
}

/** The connection every process publishes socket events on (see SocketEmitter). */
export const SOCKET_PUBLISHER = Symbol('SOCKET_PUBLISHER');

// socket.io's adapter and emitter send these without looking at the result.
const UNWATCHED_COMMANDS = new Set([
  'publish',
  'psubscribe',
  'subscribe',
  'punsubscribe',
  'unsubscribe',
]);

/**
 * A Redis connection of the socket layer's own: the app's shared one carries a key prefix, and
 * a subscriber can run nothing else.
 *
 * - The publisher fails fast (one retry): an event sent during an outage is dropped, not
 *   queued behind it. Events are hints to refresh; the HTTP calls stay the truth.
 * - The subscriber waits for as long as it takes (`maxRetriesPerRequest: null`): a
 *   subscription that failed would never be renewed, while one that waits is made when Redis
 *   comes back, and ioredis renews it after every reconnect.
 *
 * socket.io's adapter and emitter ignore the promises of the commands above; a rejection there
 * would be unhandled and end the process, so this connection handles them (and counts drops).
 */
export function openSocketRedis(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  use: 'publisher' | 'subscriber',
): Redis {
  const redis = new Redis(config.redisUrl, {
    maxRetriesPerRequest: use === 'publisher' ? 1 : null,
    connectTimeout: 3000,
    connectionName: `${config.redisPrefix}-socket-${use}`,
    // A transfer publishes four events in one tick (two records, two balances): one write.
    enableAutoPipelining: use === 'publisher',
  });
  // ioredis reconnects (and re-subscribes) by itself; say so once per outage.
  let down = false;
  let failed = 0;
  redis.on('error', (error: Error) => {
    if (!down)
      logger.warn(`Redis is unreachable for the socket ${use}, reconnecting: ${error.message}`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) {
      const lost = failed ? ` ${failed} socket command(s) failed meanwhile (events not sent).` : '';
      logger.log(`Redis is reachable again for the socket ${use}.${lost}`);
    }
    down = false;
    failed = 0;
  });

  return new Proxy(redis, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (typeof property !== 'string' || !UNWATCHED_COMMANDS.has(property)) {
        return value.bind(target);
      }
      return (...args: unknown[]) =>
        (value.apply(target, args) as Promise<unknown>).catch((error: Error) => {
          // The first failure of an outage, then one line per thousand, not one per event.
          if (failed % 1000 === 0 && target.status !== 'end') {
            logger.warn(`Socket ${use} command ${property} failed: ${error.message}`);
          }
          failed += 1;
        });
    },
  });
}

export async function closeSocketRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/** Closes the publisher after Nest has closed the socket server that also used it. */
export class SocketPublisherCloser implements OnApplicationShutdown {
  constructor(@Inject(SOCKET_PUBLISHER) private readonly redis: Redis) {}

  onApplicationShutdown(): Promise<void> {
    return closeSocketRedis(this.redis);
  }
}
