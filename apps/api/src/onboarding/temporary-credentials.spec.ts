import { describe, expect, it } from '@jest/globals';
import { checkNewPassword, checkPin } from '@khata/domain';
import { TemporaryCredentials } from './temporary-credentials.js';

describe('temporary credentials', () => {
  const make = new TemporaryCredentials();

  it('makes readable passwords the signup rules accept, never twice the same', () => {
    const passwords = Array.from({ length: 200 }, () => make.password());
    for (const password of passwords) {
      expect(password).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
      expect(checkNewPassword(password).ok).toBe(true);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('makes 6-digit PINs and 10-digit unknown PINs the PIN rules accept', () => {
    for (let i = 0; i < 100; i++) {
      expect(make.pin()).toMatch(/^\d{6}$/);
      expect(make.unknownPin()).toMatch(/^\d{10}$/);
      expect(checkPin(make.pin()).ok).toBe(true);
    }
  });
});
