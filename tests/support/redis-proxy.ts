import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface RedisProxy {
  /** A REDIS_URL that reaches the target through this proxy. */
  url: string;
  /** Closes every connection and refuses new ones, like a network cut. */
  cut(): void;
  /** Keeps every connection open and passes nothing either way (held, not lost), like a hang. */
  hold(): void;
  /**
   * Passes every byte either way `ms` late (order kept), like a Redis too busy to answer in
   * time: commands still reach it and are carried out, their answers come after the timeout.
   */
  delay(ms: number): void;
  /** Passes bytes again, at once, and accepts connections. */
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
  let delayMs = 0;
  const delayed = new Set<NodeJS.Timeout>();

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
    forward(client, upstream, () => delayMs, delayed);
    forward(upstream, client, () => delayMs, delayed);
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
    delay(ms: number) {
      delayMs = ms;
    },
    resume() {
      mode = 'pass';
      delayMs = 0;
      for (const [client, upstream] of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    async close() {
      mode = 'cut';
      for (const timer of delayed) clearTimeout(timer);
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}

/** Writes what `from` reads to `to`, each chunk `delayMs()` late and never before the one before. */
function forward(
  from: Socket,
  to: Socket,
  delayMs: () => number,
  timers: Set<NodeJS.Timeout>,
): void {
  let lastDue = 0;
  from.on('data', (chunk: Buffer) => {
    const ms = delayMs();
    if (ms === 0 && lastDue <= Date.now()) {
      to.write(chunk);
      return;
    }
    const due = Math.max(Date.now() + ms, lastDue);
    lastDue = due;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!to.destroyed) to.write(chunk);
    }, due - Date.now());
    timers.add(timer);
  });
}

/** Stops reading both ends: what is sent waits in the kernel's buffers until `resume`. */
function pause([client, upstream]: [Socket, Socket]): void {
  client.pause();
  upstream.pause();
}
