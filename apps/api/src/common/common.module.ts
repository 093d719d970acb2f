import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock, SystemClock } from './clock.js';
import { HostResolver, SystemHostResolver } from '../net/host-resolver.js';
import { RateLimiter } from './rate-limiter.js';

/** Small ports every feature may use: the clock, the host resolver and the shared rate limiter. */
@Global()
@Module({})
export class CommonModule {
  /** `clock` replaces the system clock (tests move time with it), `hostResolver` the system's DNS. */
  static forRoot(
    clock: Clock = new SystemClock(),
    hostResolver: HostResolver = new SystemHostResolver(),
  ): DynamicModule {
    return {
      module: CommonModule,
      providers: [
        { provide: Clock, useValue: clock },
        { provide: HostResolver, useValue: hostResolver },
        RateLimiter,
      ],
      exports: [Clock, HostResolver, RateLimiter],
    };
  }
}
