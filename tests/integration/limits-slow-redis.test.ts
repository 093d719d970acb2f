import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS, REDIS_COMMAND_TIMEOUT_MS } from '../../apps/api/src/redis/redis.module.js';
import { given, type GivenUser } from '../support/given.js';
import { redisProxy, type RedisProxy } from '../support/redis-proxy.js';
import { currentTestRun } from '../support/run.mjs';
import { call, startTestApi, type TestApi, wrongPasswordChecks } from '../support/test-api.js';
import { eventually } from '../support/test-jobs.js';

// A limit that counts in memory while Redis does not answer (docs/decisions.md, "Rate limits")
// still holds when Redis turns slower than the command timeout in the middle of a burst, or is
// cut off and comes back: the process counts on from the last count Redis gave it, and the
// points it counted alone still count once Redis answers again. The API reaches the shared
// Redis through a proxy the test slows down or cuts; Redis itself is never touched.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let lastAddress = 0;
const newAddress = () => `198.19.${randomInt(0, 250)}.${++lastAddress % 250}`;

describe('a sign-in limit while Redis is slow or cut off', () => {
  let proxy: RedisProxy;
  let api: TestApi;

  beforeAll(async () => {
    proxy = await redisProxy(currentTestRun().redisUrl);
    api = await startTestApi({ REDIS_URL: proxy.url });
  });
  afterEach(() => proxy.resume());
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
  });

  const login = (user: GivenUser, password: string) =>
    call<Json>(`${api.url}/api/auth/login`, {
      body: { mobile: user.mobile, password },
      headers: { 'x-forwarded-for': newAddress() },
    });
  const wrong = (user: GivenUser, n: number) =>
    Promise.all(Array.from({ length: n }, () => login(user, 'Wrong@1234')));
  const statuses = (answers: { status: number }[]) => {
    const counted: Record<number, number> = {};
    for (const { status } of answers) counted[status] = (counted[status] ?? 0) + 1;
    return counted;
  };
  const passwordChecks = (user: GivenUser) => wrongPasswordChecks(api, user.mobile);
  /** Until the API's own Redis connection is ready again after the proxy resumed. */
  const redisAnswersAgain = () =>
    eventually(
      async () => (api.app.get<Redis>(REDIS).status === 'ready' ? true : undefined),
      10_000,
    );

  it('checks 5 passwords of a number when Redis turns slower than its timeout mid-burst, and none once it is back', async () => {
    const target = await given(api).user();
    for (let i = 0; i < 3; i++) expect((await login(target, 'Wrong@1234')).status).toBe(401);

    // Every command now reaches Redis (and is carried out) after the request stopped waiting.
    proxy.delay(REDIS_COMMAND_TIMEOUT_MS * 3);
    expect(statuses(await wrong(target, 37))).toEqual({ 401: 2, 429: 35 });

    proxy.resume();
    await redisAnswersAgain();
    expect(statuses(await wrong(target, 10))).toEqual({ 429: 10 });
    expect((await login(target, target.password)).status).toBe(429);
    expect(await passwordChecks(target)).toBe(5);
  }, 60_000);

  it('keeps counting, once Redis is back, the wrong passwords it counted alone while cut off', async () => {
    const target = await given(api).user();
    for (let i = 0; i < 2; i++) expect((await login(target, 'Wrong@1234')).status).toBe(401);

    // Cut: these two never reach Redis, which still says 2 when it is back.
    proxy.cut();
    expect(statuses(await wrong(target, 2))).toEqual({ 401: 2 });

    proxy.resume();
    await redisAnswersAgain();
    expect(statuses(await wrong(target, 10))).toEqual({ 401: 1, 429: 9 });
    expect(await passwordChecks(target)).toBe(5);
  }, 60_000);
});
