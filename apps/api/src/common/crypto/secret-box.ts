import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first byte of sealed bytes: the format's version, as `v1.` is for sealed text. */
const BYTES_VERSION = 1;
/** How many bytes sealing adds to a file's (a version byte, the IV and the GCM tag). */
export const SEALED_BYTES_OVERHEAD = 1 + IV_BYTES + TAG_BYTES;

/**
 * Secrets we must be able to read back (a partner's webhook signing secret: we sign with it,
 * so a hash will not do; a PAN, a bank account number, a KYC photo) are sealed with
 * AES-256-GCM under `DATA_KEY` before they reach Postgres: a copy of the database alone does
 * not let anyone forge our webhooks or read who banks where. Sealed text is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); sealed bytes are `0x01 <iv> <tag> <ciphertext>`.
 * The GCM tag makes a changed value fail to open.
 */
@Injectable()
export class SecretBox {
  readonly #key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'dataKey'>) {
    // DATA_KEY is 32+ characters of any kind; SHA-256 makes it the 32-byte key AES-256 needs.
    this.#key = createHash('sha256').update(config.dataKey.reveal()).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain text of a sealed value; throws when it was sealed under another key or changed. */
  open(sealed: string): string {
    const [version, iv, tag, body, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) {
      throw new Error('Not a sealed secret.');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  /** A file's bytes sealed, for a bytea column. */
  sealBytes(plain: Uint8Array): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.of(BYTES_VERSION), iv, cipher.getAuthTag(), body]);
  }

  /** The bytes `sealBytes` sealed; throws when they were sealed under another key or changed. */
  openBytes(sealed: Uint8Array): Buffer {
    const bytes = Buffer.from(sealed);
    if (bytes.length < SEALED_BYTES_OVERHEAD || bytes[0] !== BYTES_VERSION) {
      throw new Error('Not sealed bytes.');
    }
    const iv = bytes.subarray(1, 1 + IV_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv);
    decipher.setAuthTag(bytes.subarray(1 + IV_BYTES, SEALED_BYTES_OVERHEAD));
    return Buffer.concat([
      decipher.update(bytes.subarray(SEALED_BYTES_OVERHEAD)),
      decipher.final(),
    ]);
  }
}
