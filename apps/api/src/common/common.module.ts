import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock, SystemClock } from './clock.js';
import { HostResolver, SystemHostResolver } from '../net/host-resolver.js';
import { DataAtRest } from './crypto/data-at-rest.js';
import { SecretBox } from './crypto/secret-box.js';
import { RateLimiter } from './rate-limiter.js';

/**
 * Small ports every feature may use: the clock, the host resolver, the shared rate limiter, and
 * the sealing of what is kept at rest (SecretBox, DataAtRest).
 */
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
        SecretBox,
        DataAtRest,
      ],
      exports: [Clock, HostResolver, RateLimiter, SecretBox, DataAtRest],
    };
  }
}
