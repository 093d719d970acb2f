import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { PasswordHasher } from './password-hasher.js';
import { PinHasher } from './pin-hasher.js';

const configWithPepper = (pepper: string) =>
  loadConfig({
    env: { NODE_ENV: 'test', PIN_PEPPER: pepper },
    stateDir: mkdtempSync(join(tmpdir(), 'khata-pin-')),
  });

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hasher.hash('Demo@1234');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hasher.verify('Demo@1234', stored)).toBe(true);
    expect(await hasher.verify('demo@1234', stored)).toBe(false);
  });

  it('salts each hash, so one password never gives the same row twice', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it("hashes at a test run's lower cost when configured, and verifies by the stored cost", async () => {
    const cheap = new PasswordHasher(
      loadConfig({
        env: { NODE_ENV: 'test', PASSWORD_SCRYPT_LOG_N: '10' },
        stateDir: mkdtempSync(join(tmpdir(), 'khata-scrypt-')),
      }),
    );
    const cheapHash = await cheap.hash('Demo@1234');
    expect(cheapHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    // Each side reads N from the row, so rows of either cost verify under either setting.
    expect(await hasher.verify('Demo@1234', cheapHash)).toBe(true);
    expect(await cheap.verify('Demo@1234', await hasher.hash('Demo@1234'))).toBe(true);
    expect(await cheap.verify('demo@1234', cheapHash)).toBe(false);
  });

  it('refuses a stored value it does not understand instead of throwing', async () => {
    expect(await hasher.verify('x', 'md5$abc')).toBe(false);
    expect(await hasher.verify('x', '')).toBe(false);
  });
});

describe('PinHasher', () => {
  const pins = new PinHasher(configWithPepper('pepper-one-'.repeat(4)));

  it('verifies the PIN for the user it was made for', () => {
    const stored = pins.hash('user-a', '1234');
    expect(pins.verify('user-a', '1234', stored)).toBe(true);
    expect(pins.verify('user-a', '1235', stored)).toBe(false);
  });

  it('keys the HMAC by user, so equal PINs give different rows', () => {
    expect(pins.hash('user-a', '1234')).not.toBe(pins.hash('user-b', '1234'));
    expect(pins.verify('user-b', '1234', pins.hash('user-a', '1234'))).toBe(false);
  });

  it('depends on the server pepper: a leaked table alone cannot check guesses', () => {
    const other = new PinHasher(configWithPepper('pepper-two-'.repeat(4)));
    expect(other.verify('user-a', '1234', pins.hash('user-a', '1234'))).toBe(false);
  });
});
