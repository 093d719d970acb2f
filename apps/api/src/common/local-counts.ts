/** A key's points counted in its window, and the milliseconds until the window ends. */
export interface Counted {
  count: number;
  msBeforeNext: number;
}

/** One key's count as this process knows it, in the window that ends at `resetAt` (epoch ms). */
interface Known {
  count: number;
  resetAt: number;
  /**
   * Set once the process counted a point in memory (Redis did not answer) in this window: Redis
   * may lack that point, so until the window ends the count only goes up from what the process
   * knows, whatever Redis says.
   */
  unshared: boolean;
}

/**
 * The highest count this process knows for each key of one limit, so that counting in memory
 * while Redis does not answer goes on from there instead of from zero, and so that once Redis
 * answers again the points counted in memory still count (docs/decisions.md, "Rate limits").
 *
 * While every answer of the window came from Redis, the count is Redis's: nothing changes then.
 * Once a point was counted here, each later point adds one to what the process knows or takes
 * Redis's count if that is higher (Redis also holds other processes' points): `max`, never a
 * sum, so a point that reached Redis although its answer timed out is not counted twice.
 *
 * At most `capacity` keys; the oldest goes first. A key forgotten that way counts from Redis's
 * next answer, or from zero while Redis does not answer.
 */
export class LocalCounts {
  private readonly keys = new Map<string, Known>();

  constructor(
    private readonly windowMs: number,
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Redis counted a point, or gave one back (`change` +1 / -1): the count the limit goes by. */
  afterRedisChange(key: string, change: 1 | -1, redis: Counted): Counted {
    const known = this.current(key);
    if (!known?.unshared) {
      this.remember(key, { count: redis.count, resetAt: this.resetAt(redis), unshared: false });
      return redis;
    }
    known.count = Math.max(known.count + change, redis.count, 0);
    return this.counted(known);
  }

  /** Redis read the count without changing it (0: no count): the count the limit goes by. */
  afterRedisRead(key: string, redis: Counted): Counted {
    const known = this.current(key);
    if (!known?.unshared) {
      if (redis.count > 0) {
        this.remember(key, { count: redis.count, resetAt: this.resetAt(redis), unshared: false });
      } else {
        this.keys.delete(key);
      }
      return redis;
    }
    known.count = Math.max(known.count, redis.count);
    return this.counted(known);
  }

  /** Redis did not answer: counts the point (+1) or gives it back (-1) here alone. */
  inMemory(key: string, change: 1 | -1): Counted {
    const known: Known = this.current(key) ?? {
      count: 0,
      resetAt: this.now() + this.windowMs,
      unshared: true,
    };
    known.count = Math.max(known.count + change, 0);
    known.unshared = true;
    this.remember(key, known);
    return this.counted(known);
  }

  /** What the process knows, for a read while Redis does not answer. */
  read(key: string): Counted {
    const known = this.current(key);
    return known ? this.counted(known) : { count: 0, msBeforeNext: this.windowMs };
  }

  forget(key: string): void {
    this.keys.delete(key);
  }

  get size(): number {
    return this.keys.size;
  }

  private current(key: string): Known | undefined {
    const known = this.keys.get(key);
    if (known && known.resetAt <= this.now()) {
      this.keys.delete(key);
      return undefined;
    }
    return known;
  }

  private resetAt({ msBeforeNext }: Counted): number {
    return this.now() + (msBeforeNext > 0 ? msBeforeNext : this.windowMs);
  }

  private counted(known: Known): Counted {
    return { count: known.count, msBeforeNext: known.resetAt - this.now() };
  }

  /** Stores the key as the newest, dropping the oldest beyond `capacity`. */
  private remember(key: string, known: Known): void {
    this.keys.delete(key);
    this.keys.set(key, known);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.keys().next().value!);
  }
}
