import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';

/** The DMT registration OTP: 6 digits, valid 10 minutes, 3 wrong tries burn it. */
export const OtpRules = {
  digits: 6,
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 3,
  /** OTPs sent to one mobile number per window, against SMS flooding. */
  sendsPerWindow: 5,
  sendWindowSeconds: 60 * 60,
} as const;

/**
 * Makes OTPs and their reference keys, and keeps only a keyed hash of each. A 6-digit code has
 * a million values, so a plain hash would fall to a table dump in a second: the hash is an
 * HMAC under a key derived from the server's pepper, which is not in the database.
 */
@Injectable()
export class OtpCodes {
  private readonly key: Buffer;
  /** SMS_SANDBOX_OTP: every OTP is this value (development and tests only). */
  private readonly fixedOtp: string | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.fixedOtp = config.sms.fixedOtp;
    this.key = createHmac('sha256', config.pinPepper.reveal())
      .update('khata:beneficiary-otp:v1')
      .digest();
  }

  newReferenceKey(): string {
    return randomUUID();
  }

  newOtp(): string {
    return this.fixedOtp ?? String(randomInt(0, 10 ** OtpRules.digits)).padStart(6, '0');
  }

  /** Bound to its reference key, so one OTP's hash says nothing about another's. */
  hash(referenceKey: string, otp: string): Buffer {
    return createHmac('sha256', this.key).update(`${referenceKey}:${otp}`).digest();
  }

  matches(referenceKey: string, otp: string, stored: Buffer): boolean {
    const actual = this.hash(referenceKey, otp);
    return actual.length === stored.length && timingSafeEqual(actual, stored);
  }
}
