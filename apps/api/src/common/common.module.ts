import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock, SystemClock } from './clock.js';
import { RateLimiter } from './rate-limiter.js';

/** Small ports every feature may use: the clock and the shared rate limiter. */
@Global()
@Module({})
export class CommonModule {
  /** `clock` replaces the system clock (tests move time with it). */
  static forRoot(clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: CommonModule,
      providers: [{ provide: Clock, useValue: clock }, RateLimiter],
      exports: [Clock, RateLimiter],
    };
  }
}
