import { describe, expect, it } from '@jest/globals';
import { LocalCounts } from './local-counts.js';

// The process's own counts behind a `memory` rate limit (docs/decisions.md, "Rate limits"): a
// limit of 5 in a 60 s window, on a clock the test moves.

const WINDOW_MS = 60_000;

function counts(capacity?: number) {
  const clock = { now: 1_000_000 };
  const local = new LocalCounts(WINDOW_MS, capacity, () => clock.now);
  const redis = (count: number, msBeforeNext = WINDOW_MS) => ({ count, msBeforeNext });
  return { local, clock, redis };
}

describe('LocalCounts', () => {
  it('goes by Redis alone while Redis answers, even when another process counted more', () => {
    const { local, redis } = counts();
    expect(local.afterRedisChange('k', 1, redis(1))).toEqual(redis(1));
    expect(local.afterRedisChange('k', 1, redis(7))).toEqual(redis(7));
    expect(local.afterRedisChange('k', -1, redis(3))).toEqual(redis(3));
    expect(local.afterRedisRead('k', redis(2))).toEqual(redis(2));
  });

  it('counts on in memory from the last count Redis answered, not from zero', () => {
    const { local, redis } = counts();
    for (let n = 1; n <= 3; n++) local.afterRedisChange('k', 1, redis(n, WINDOW_MS - n));
    expect(local.inMemory('k', 1)).toEqual({ count: 4, msBeforeNext: WINDOW_MS - 3 });
    expect(local.inMemory('k', 1).count).toBe(5);
    expect(local.inMemory('k', 1).count).toBe(6);
    expect(local.read('k').count).toBe(6);
    expect(local.inMemory('other', 1).count).toBe(1);
  });

  it('keeps the points counted in memory once Redis answers again without them', () => {
    const { local, redis } = counts();
    local.afterRedisChange('k', 1, redis(3));
    local.inMemory('k', 1);
    local.inMemory('k', 1); // 5: Redis never saw these two
    expect(local.afterRedisChange('k', 1, redis(4)).count).toBe(6);
    expect(local.afterRedisRead('k', redis(4)).count).toBe(6);
    expect(local.afterRedisRead('k', redis(0, 0)).count).toBe(6);
  });

  it('does not count twice a point that reached Redis although its answer timed out', () => {
    const { local, redis } = counts();
    local.afterRedisChange('k', 1, redis(3));
    local.inMemory('k', 1);
    local.inMemory('k', 1); // 5: Redis did see these two, its answers came too late
    expect(local.afterRedisChange('k', 1, redis(6)).count).toBe(6);
    // Another process's points come in through Redis's count.
    expect(local.afterRedisChange('k', 1, redis(10)).count).toBe(10);
  });

  it('gives points back in memory and after, never below zero', () => {
    const { local, redis } = counts();
    local.inMemory('k', 1);
    expect(local.inMemory('k', -1).count).toBe(0);
    expect(local.inMemory('k', -1).count).toBe(0);
    local.inMemory('k', 1);
    local.inMemory('k', 1);
    expect(local.afterRedisChange('k', -1, redis(0)).count).toBe(1);
  });

  it('starts again when the window ends, and goes by Redis again then', () => {
    const { local, clock, redis } = counts();
    local.afterRedisChange('k', 1, redis(5, 10_000));
    local.inMemory('k', 1);
    clock.now += 9_999;
    expect(local.afterRedisChange('k', 1, redis(1)).count).toBe(7);
    clock.now += 1;
    expect(local.read('k')).toEqual({ count: 0, msBeforeNext: WINDOW_MS });
    expect(local.inMemory('k', 1)).toEqual({ count: 1, msBeforeNext: WINDOW_MS });
    clock.now += WINDOW_MS;
    expect(local.afterRedisChange('k', 1, redis(1)).count).toBe(1);
  });

  it('forgets a cleared key and the oldest key beyond its capacity', () => {
    const { local, redis } = counts(2);
    local.afterRedisChange('a', 1, redis(4));
    local.afterRedisChange('b', 1, redis(4));
    local.afterRedisChange('a', 1, redis(5));
    local.afterRedisChange('c', 1, redis(4)); // drops b, the least recently seen
    expect(local.size).toBe(2);
    expect(local.read('b').count).toBe(0);
    expect(local.read('a').count).toBe(5);
    local.forget('a');
    expect(local.inMemory('a', 1).count).toBe(1);
  });
});
