import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/**
 * A transaction PIN has at most 10^10 values, so a slow hash protects nothing once the table
 * leaks. It is an HMAC under a server-side pepper that is not in the database instead
 * (DESIGN.md), keyed by the user so equal PINs do not give equal rows.
 */
@Injectable()
export class PinHasher {
  private static readonly scheme = 'hmac-sha256$v1';

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  hash(userId: string, pin: string): string {
    return `${PinHasher.scheme}$${this.mac(userId, pin)}`;
  }

  verify(userId: string, pin: string, stored: string): boolean {
    const prefix = `${PinHasher.scheme}$`;
    if (!stored.startsWith(prefix)) return false;
    const expected = Buffer.from(stored.slice(prefix.length), 'hex');
    const actual = Buffer.from(this.mac(userId, pin), 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private mac(userId: string, pin: string): string {
    return createHmac('sha256', this.config.pinPepper.reveal())
      .update(`${userId}:${pin}`)
      .digest('hex');
  }
}
