import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface RedisProxy {
  /** A REDIS_URL that reaches the target through this proxy. */
  url: string;
  /** Closes every connection and refuses new ones, like a network cut. */
  cut(): void;
  /** Keeps every connection open and passes nothing either way (held, not lost), like a hang. */
  hold(): void;
  /** Passes bytes again and accepts connections. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the shared Redis, so one process's Redis connections can be cut or
 * hung while the other processes (and Redis itself) carry on. The shared Redis is never stopped.
 */
export async function redisProxy(targetUrl: string): Promise<RedisProxy> {
  const target = new URL(targetUrl);
  const pairs = new Set<[Socket, Socket]>();
  let mode: 'pass' | 'cut' | 'hold' = 'pass';

  const server: Server = createServer((client) => {
    if (mode === 'cut') return client.destroy();
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === 'hold') pause(pair);
    client.on('close', forget).on('error', forget);
    upstream.on('close', forget).on('error', forget);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };

  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      mode = 'cut';
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    hold() {
      mode = 'hold';
      for (const pair of pairs) pause(pair);
    },
    resume() {
      mode = 'pass';
      for (const [client, upstream] of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    async close() {
      mode = 'cut';
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}

/** Stops reading both ends: what is sent waits in the kernel's buffers until `resume`. */
function pause([client, upstream]: [Socket, Socket]): void {
  client.pause();
  upstream.pause();
}
