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
