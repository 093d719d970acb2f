import { Injectable } from '@nestjs/common';

/** What a send needs and Khata never keeps: the customer's Aadhaar number and PID block. */
export interface BiometricSecret {
  aadhaar: string;
  pid: string;
}

/**
 * Holds an AEPS request's Aadhaar number and PID block in this process's memory for the one
 * send the request makes (issue 26), and nowhere else: not in a table, a queue, a log or an
 * error. Taking the secret removes it, so only one send can ever use it; a crash loses it,
 * and the transaction is then settled by status enquiry (or fails as never sent: a fingerprint
 * cannot be replayed).
 */
@Injectable()
export class PidVault {
  readonly #secrets = new Map<string, BiometricSecret>();

  put(transactionId: string, secret: BiometricSecret): void {
    this.#secrets.set(transactionId, secret);
  }

  /** The secret, once; undefined when it was taken or never put here. */
  take(transactionId: string): BiometricSecret | undefined {
    const secret = this.#secrets.get(transactionId);
    this.#secrets.delete(transactionId);
    return secret;
  }

  /** Drops what a request put and did not send (a refusal after the put). */
  drop(transactionId: string): void {
    this.#secrets.delete(transactionId);
  }
}
