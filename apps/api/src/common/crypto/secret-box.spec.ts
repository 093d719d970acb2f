import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/config.js';
import { Secret } from '../../config/secret.js';
import { SEALED_BYTES_OVERHEAD, SecretBox } from './secret-box.js';

const boxUnder = (key: string) => new SecretBox({ dataKey: new Secret(key) } as AppConfig);

describe('SecretBox', () => {
  const box = boxUnder('k'.repeat(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const plain = 'whsec_abc123';
    const once = box.seal(plain);
    const twice = box.seal(plain);
    expect(once).not.toContain(plain);
    expect(once).not.toBe(twice);
    expect(box.open(once)).toBe(plain);
    expect(box.open(twice)).toBe(plain);
  });

  it('refuses a value changed at rest, one sealed under another key, and plain text', () => {
    const sealed = box.seal('whsec_abc123');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => boxUnder('o'.repeat(32)).open(sealed)).toThrow();
    expect(() => box.open('whsec_abc123')).toThrow('Not a sealed secret.');
  });

  it('seals bytes (a KYC photo) the same way, and refuses changed or plain bytes', () => {
    const photo = Buffer.from('89504e470d0a1a0a', 'hex');
    const sealed = box.sealBytes(photo);
    expect(sealed.length).toBe(photo.length + SEALED_BYTES_OVERHEAD);
    expect(sealed.includes(photo)).toBe(false);
    expect(box.openBytes(sealed).equals(photo)).toBe(true);
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] = changed[changed.length - 1]! ^ 1;
    expect(() => box.openBytes(changed)).toThrow();
    expect(() => boxUnder('o'.repeat(32)).openBytes(sealed)).toThrow();
    expect(() => box.openBytes(photo)).toThrow('Not sealed bytes.');
  });
});
