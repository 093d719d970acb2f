import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/** The MAC's length in bytes: 128 bits, 22 characters of base64url. */
const MAC_BYTES = 16;
/**
 * `_` joins the two: a record id never holds one, and the console's server takes a path with
 * a dot for a file, so `/verify/<id>.<mac>` would never reach the page.
 */
const TOKEN = /^([A-Za-z0-9-]{1,64})_([A-Za-z0-9_-]{22})$/;

export type OpenedToken =
  { ok: true; recordId: string } | { ok: false; why: 'malformed' | 'forged' };

/**
 * The public receipt link's token (issue 14): `<record id>_<HMAC-SHA256 of the record id>`,
 * the MAC cut to 128 bits, under a key derived (HKDF) from the server's DATA_KEY for this one
 * purpose. Chosen over a stored random token: nothing to store or migrate, the same receipt
 * always prints the same link, and without the key no link can be made for another record,
 * however well its id is known (docs/decisions.md, "Issue 14: payment operations").
 */
@Injectable()
export class ReceiptLinks {
  readonly #key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'dataKey'>) {
    this.#key = Buffer.from(
      hkdfSync('sha256', config.dataKey.reveal(), '', 'khata receipt verification v1', 32),
    );
  }

  tokenFor(recordId: string): string {
    return `${recordId}_${this.mac(recordId).toString('base64url')}`;
  }

  open(token: string): OpenedToken {
    const match = TOKEN.exec(token);
    if (!match) return { ok: false, why: 'malformed' };
    const [, recordId, mac] = match as unknown as [string, string, string];
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(recordId);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? { ok: true, recordId }
      : { ok: false, why: 'forged' };
  }

  private mac(recordId: string): Buffer {
    return createHmac('sha256', this.#key).update(recordId).digest().subarray(0, MAC_BYTES);
  }
}

export function verifyPathOf(token: string): string {
  return `/verify/${token}`;
}
