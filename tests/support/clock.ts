import { Clock } from '../../apps/api/src/common/clock.js';

/** A clock a test moves by hand: `clock.advance({ minutes: 31 })`. Starts at the real now. */
export class MovableClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance({ minutes = 0, seconds = 0 }: { minutes?: number; seconds?: number }): void {
    this.offsetMs += (minutes * 60 + seconds) * 1000;
  }

  /** From now on the clock reads `at`, and goes on ticking from there. */
  setTo(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }

  /** Back to the real time. */
  reset(): void {
    this.offsetMs = 0;
  }
}

const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 3600_000;

/**
 * For a test whose seeded money must fall on the India day (and month) it then reads, on the
 * database's own clock: when India's midnight is less than `marginMs` away, wait until it has
 * passed. The suite then passes at any hour (issue 24's medium statement and month tests).
 */
export async function clearOfIndiaMidnight(marginMs = 90_000): Promise<void> {
  const intoDay = (Date.now() + INDIA_OFFSET_MS) % DAY_MS;
  const left = DAY_MS - intoDay;
  if (left < marginMs) await new Promise((done) => setTimeout(done, left + 1_000));
}
