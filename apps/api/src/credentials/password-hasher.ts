import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_SCRYPT_LOG_N, type AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

const KEY_LENGTH = 32;
// N * r * 128 bytes is what scrypt needs; leave room above it.
const MAXMEM = 64 * 1024 * 1024;

function scryptAsync(secret: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { ...params, maxmem: MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Passwords are stored as scrypt (a slow, memory-hard hash) with a random salt:
 * `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking old rows.
 * N is 2^15; only a test run may lower it for new hashes (PASSWORD_SCRYPT_LOG_N, config.ts).
 */
@Injectable()
export class PasswordHasher {
  private readonly params: { N: number; r: number; p: number };

  constructor(@Optional() @Inject(APP_CONFIG) config?: AppConfig) {
    this.params = { N: 2 ** (config?.passwordScryptLogN ?? DEFAULT_SCRYPT_LOG_N), r: 8, p: 1 };
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, this.params);
    return [
      'scrypt',
      this.params.N,
      this.params.r,
      this.params.p,
      salt.toString('base64'),
      key.toString('base64'),
    ].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64');
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
