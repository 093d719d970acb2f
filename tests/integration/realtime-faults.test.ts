import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { SocketEmitter } from '../../apps/api/src/realtime/socket-emitter.js';
import { SOCKET_PUBLISHER } from '../../apps/api/src/realtime/socket-redis.js';
import { given, signIn } from '../support/given.js';
import { heard, socketClients } from '../support/sockets.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

// A test that stops Redis runs a Redis of its own on another port; the shared one is never
// stopped (docs/testing.md).

describe('live updates when Redis fails', () => {
  const clients = socketClients();
  const connect = clients.connect;

  it('drops events instead of failing, and a Redis of the wrong port never ends the process', async () => {
    const cut = await startTestApi({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const emitter = cut.app.get(SocketEmitter, { strict: false });
      emitter.noticePosted({ id: 'n', title: 't', body: 'b' });
      emitter.sessionRevoked(randomUUID());
      // Queued behind the sends above on the same connection, so it settles after them.
      const publisher = cut.app.get<symbol, Redis>(SOCKET_PUBLISHER, { strict: false });
      await expect(publisher.publish('khata-test', 'x')).resolves.toBeUndefined();
    } finally {
      await cut.close();
    }
  });

  it('keeps sockets open through a Redis restart and delivers again once it is back', async () => {
    const redis = await privateRedis();
    let own: TestApi | undefined;
    try {
      own = await startTestApi({ REDIS_URL: redis.url });
      const user = await given(own).user();
      const token = await signIn(own, user);
      const listener = await connect(own, { token });

      await redis.stop();
      // Session checks fall back to Postgres: a new socket is still let in.
      const during = await connect(own, { token });
      own.app
        .get(SocketEmitter, { strict: false })
        .noticePosted({ id: 'lost', title: 't', body: 'b' });

      await redis.start();
      const emitter = own.app.get(SocketEmitter, { strict: false });
      const back = { id: randomUUID(), title: 'Back', body: 'Redis is back' };
      // The subscriber re-subscribes on reconnect; send until it hears.
      const resend = setInterval(() => emitter.noticePosted(back, [user.id]), 100);
      try {
        await heard(listener, 'notice.posted', (n: { id: string }) => n.id === back.id);
        await heard(during, 'notice.posted', (n: { id: string }) => n.id === back.id);
      } finally {
        clearInterval(resend);
      }
      expect(listener.socket.connected).toBe(true);
      expect(listener.disconnectReason).toBeUndefined();
    } finally {
      clients.closeAll();
      await own?.close();
      await redis.stop();
    }
  }, 30_000);

  it('subscribes once Redis is up when the API started without it', async () => {
    const redis = await privateRedis();
    let own: TestApi | undefined;
    try {
      await redis.stop();
      own = await startTestApi({ REDIS_URL: redis.url });
      const user = await given(own).user();
      const token = await signIn(own, user);
      const listener = await connect(own, { token });
      await redis.start();

      const emitter = own.app.get(SocketEmitter, { strict: false });
      const notice = { id: randomUUID(), title: 'Up', body: 'Redis is up' };
      const resend = setInterval(() => emitter.noticePosted(notice, [user.id]), 100);
      try {
        await heard(listener, 'notice.posted', (n: { id: string }) => n.id === notice.id);
      } finally {
        clearInterval(resend);
      }
    } finally {
      clients.closeAll();
      await own?.close();
      await redis.stop();
    }
  }, 30_000);
});

/** A Redis server of this test's own, on a free port, that it may stop and start again. */
async function privateRedis() {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let tries = 0; ; tries++) {
      const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
      try {
        await probe.connect();
        await probe.ping();
        return;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        probe.disconnect();
      }
    }
  };
  const stop = async () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
