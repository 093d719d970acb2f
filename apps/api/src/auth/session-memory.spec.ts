import { describe, expect, it } from '@jest/globals';
import { SessionMemory, type CachedSession } from './session-memory.js';

const live: CachedSession = { userId: 'u1', expiresAt: 10_000_000, revoked: false };
const revoked: CachedSession = { ...live, revoked: true };

function memoryAt(start = 1_000, limits = { maxEntries: 3, ttlMs: 5_000 }) {
  const clock = { now: start };
  return { clock, memory: new SessionMemory(limits, () => clock.now) };
}

describe('SessionMemory', () => {
  it('forgets an entry once its time to live has passed, heard from or not', () => {
    const { clock, memory } = memoryAt();
    memory.remember('s1', live);
    clock.now += 4_999;
    expect(memory.get('s1')).toEqual(live);
    clock.now += 1;
    expect(memory.get('s1')).toBeUndefined();
    expect(memory.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const { memory } = memoryAt();
    for (const id of ['s1', 's2', 's3', 's4']) memory.remember(id, live);
    expect(memory.size).toBe(3);
    expect(memory.get('s1')).toBeUndefined();
    expect(memory.get('s4')).toEqual(live);
  });

  it('never lets a live answer read before a revocation replace it', () => {
    const { memory } = memoryAt();
    memory.remember('s1', revoked);
    memory.remember('s1', live);
    expect(memory.get('s1')).toEqual(revoked);
  });

  it('lets a revocation replace a live entry, and forgets everything on clear', () => {
    const { memory } = memoryAt();
    memory.remember('s1', live);
    memory.remember('s1', revoked);
    expect(memory.get('s1')).toEqual(revoked);
    memory.clear();
    expect(memory.get('s1')).toBeUndefined();
  });
});
