import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { redisProxy, type RedisProxy } from '../support/redis-proxy.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

// Session liveness is kept in each API process's memory and dropped on a revocation published
// over Redis (apps/api/src/auth/session-cache.ts). Process B reaches the shared Redis through a
// proxy the test can cut or hang, so B misses a revocation that A publishes: B must then stop
// trusting its memory and ask Redis or Postgres, and refuse the session within a second.

describe('session liveness in memory, when the revocation channel fails', () => {
  let api: TestApi;
  let proxy: RedisProxy;
  let second: TestApi;
  let user: GivenUser;

  beforeAll(async () => {
    api = await startTestApi();
    proxy = await redisProxy(api.config.redisUrl);
    second = await startTestApi({ REDIS_URL: proxy.url }, { sharing: api });
    user = await given(api).user();
  });
  afterEach(() => proxy.resume());
  afterAll(async () => {
    await second?.close();
    await proxy?.close();
    await api?.close();
  });

  const userData = (target: TestApi, token: string) =>
    call(`${target.url}/api/user/userData`, { body: {}, headers: bearer(token) });
  const logout = (token: string) =>
    call(`${api.url}/api/auth/logout`, { body: {}, headers: bearer(token) });

  /** B's answers until one is a refusal or a second has passed; answers the last status. */
  async function refusedWithinASecond(token: string): Promise<{ status: number; code: unknown }> {
    const deadline = Date.now() + 1000;
    for (;;) {
      const answer = await userData(second, token);
      if (answer.status !== 200 || Date.now() > deadline) {
        return { status: answer.status, code: answer.body.code };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Signs in and makes B remember the session as live. */
  async function rememberedOnB(): Promise<string> {
    const token = await signIn(api, user);
    // Twice: the first answer comes from Redis or Postgres and fills memory.
    expect((await userData(second, token)).status).toBe(200);
    expect((await userData(second, token)).status).toBe(200);
    return token;
  }

  it('refuses on B a session logged out on A while B was cut off from Redis', async () => {
    const token = await rememberedOnB();
    proxy.cut();
    expect((await logout(token)).status).toBe(200);
    expect(await refusedWithinASecond(token)).toEqual({ status: 401, code: 2211 });

    // Back on Redis (and subscribed again), B still refuses it and serves a new session.
    proxy.resume();
    const fresh = await signIn(api, user);
    const deadline = Date.now() + 10_000;
    while ((await userData(second, fresh)).status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await userData(second, token)).status).toBe(401);
    expect((await userData(second, fresh)).status).toBe(200);
  }, 30_000);

  it('refuses on B a session logged out on A while B’s Redis hung without closing', async () => {
    const token = await rememberedOnB();
    proxy.hold();
    expect((await logout(token)).status).toBe(200);
    expect(await refusedWithinASecond(token)).toEqual({ status: 401, code: 2211 });
  }, 30_000);

  it('refuses on B at once a session logged out on A while the channel works', async () => {
    const token = await rememberedOnB();
    expect((await logout(token)).status).toBe(200);
    expect(await refusedWithinASecond(token)).toEqual({ status: 401, code: 2211 });
  });
});
