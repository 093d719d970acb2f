import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { SecretBox } from './secret-box.js';

/** A bank account number as the tables keep it (issue 31): sealed, and its look-up hash. */
export interface SealedAccountNumber {
  /** SecretBox text of the digits. */
  sealed: string;
  /** `accountHash` of the digits: equal numbers have equal hashes. */
  hash: Buffer;
}

/**
 * What the tables keep of a PAN, a bank account number and a KYC photo (issue 31): sealed
 * with SecretBox under DATA_KEY, and for account numbers also a keyed hash (HMAC-SHA256 under
 * LOOKUP_KEY) that look-ups and unique indexes compare instead of the number. A copy of the
 * database without the keys tells neither the numbers nor, for want of LOOKUP_KEY, which
 * 9-18 digit number a hash stands for (a plain hash of so few digits is guessed by trying).
 */
@Injectable()
export class DataAtRest {
  readonly #box: SecretBox;
  readonly #lookupKey: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'dataKey' | 'lookupKey'>) {
    this.#box = new SecretBox(config);
    this.#lookupKey = config.lookupKey.reveal();
  }

  /** Digits only, as the tables' callers normalise them. */
  sealAccount(accountNumber: string): SealedAccountNumber {
    return { sealed: this.#box.seal(accountNumber), hash: this.accountHash(accountNumber) };
  }

  /** The hash an account number is looked up by; the label keeps it apart from other hashes. */
  accountHash(accountNumber: string): Buffer {
    return createHmac('sha256', this.#lookupKey)
      .update(`khata account number v1\0${accountNumber}`)
      .digest();
  }

  /**
   * The token an AEPS customer is counted by (5 withdrawals a day at one shop, issue 26): the
   * Aadhaar number keyed with LOOKUP_KEY. The number itself is never kept; a plain hash of 12
   * digits would be guessed by trying them all.
   */
  aadhaarToken(aadhaar: string): string {
    return createHmac('sha256', this.#lookupKey)
      .update(`khata aadhaar token v1\0${aadhaar}`)
      .digest('hex');
  }

  /**
   * A request's digest (what makes two payout requests the same, for idempotency) keyed: the
   * unkeyed digest of an account number and the amount and IFSC stored beside it is guessed
   * by trying the account numbers.
   */
  requestHash(digest: string): string {
    return createHmac('sha256', this.#lookupKey)
      .update(`khata payout request v1\0${digest}`)
      .digest('hex');
  }

  /** A PAN (or any short text) sealed. */
  seal(plain: string): string {
    return this.#box.seal(plain);
  }

  /** What `seal` or `sealAccount` sealed. */
  open(sealed: string): string {
    return this.#box.open(sealed);
  }

  /** A file (a KYC photo) sealed, for a bytea column. */
  sealBytes(plain: Uint8Array): Buffer {
    return this.#box.sealBytes(plain);
  }

  openBytes(sealed: Uint8Array): Buffer {
    return this.#box.openBytes(sealed);
  }
}
