import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock.js';
import { RateLimiter } from './rate-limiter.js';

/** Small ports every feature may use: the clock and the shared rate limiter. */
@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }, RateLimiter],
  exports: [Clock, RateLimiter],
})
export class CommonModule {}
