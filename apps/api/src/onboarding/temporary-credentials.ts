import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';

/** Letters and digits a person reads off an SMS without confusing them (no 0/o, 1/l/i). */
const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const TEMPORARY_PIN_DIGITS = 6;

/**
 * One-time values sent by SMS: a temporary password in three groups of four readable
 * characters (`k7mq-2xrb-p9ta`, 31^12 ≈ 2^59 values, from the OS's CSPRNG) and a temporary PIN
 * of 6 digits. Injected, so a test can tell what was made.
 */
@Injectable()
export class TemporaryCredentials {
  password(): string {
    const groups: string[] = [];
    for (let g = 0; g < GROUPS; g += 1) {
      let group = '';
      for (let i = 0; i < GROUP_LENGTH; i += 1) group += READABLE[randomInt(READABLE.length)];
      groups.push(group);
    }
    return groups.join('-');
  }

  pin(): string {
    return String(randomInt(0, 10 ** TEMPORARY_PIN_DIGITS)).padStart(TEMPORARY_PIN_DIGITS, '0');
  }

  /** A PIN nobody is told: a new user's until it sets its own at first sign-in. */
  unknownPin(): string {
    return String(randomInt(0, 10 ** 10)).padStart(10, '0');
  }
}
