import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/**
 * The DMT provider's remitter side (issue 25): registering a remitter Khata has proven with its
 * own OTP, and the remitter's e-KYC. A real provider (InstantPay's `remitterRegistration` /
 * `remitterKyc`, PaySprint's `registerremitter` / e-KYC) plugs in behind this class; the sandbox
 * below answers by documented test data.
 *
 * No Aadhaar number ever passes through Khata. For e-KYC by Aadhaar OTP the provider collects
 * the number on its own consent page and sends UIDAI's OTP; Khata passes the remitter's mobile,
 * the consent and, on the second call, the OTP the customer read out. For biometric e-KYC Khata
 * passes the RD service's encrypted PID block as it came from the device, and keeps none of it.
 * The provider answers its own reference, which is all Khata stores.
 *
 * Sandbox test data, by the last digit of the remitter's mobile:
 *
 * | mobile ends | register            | e-KYC by OTP: start | e-KYC by OTP: complete                 | biometric e-KYC                   |
 * |-------------|---------------------|---------------------|----------------------------------------|-----------------------------------|
 * | 0           | registered          | OTP sent            | refused: details do not match          | refused: biometric does not match |
 * | 8           | provider down (503) | —                   | —                                      | —                                 |
 * | 9           | registered          | provider down (503) | provider down (503)                    | provider down (503)               |
 * | any other   | registered          | OTP sent            | done, unless the OTP is 000000 (wrong) | done                              |
 *
 * References are derived from the mobile (`SBX-R-…`, `SBX-K-…`), so asking twice answers the same.
 * In production the sandbox vouches for no one: every call is "provider down".
 */

export type EkycOutcome =
  { status: 'done'; reference: string } | { status: 'refused'; reason: string };

export interface ProviderRemitter {
  mobile: string;
  name: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string;
  pinCode: string;
}

/** The provider did not answer, or answered 5xx: nothing is known to have changed. */
export class RemitterProviderUnavailableError extends Error {
  constructor(message = 'The DMT provider did not answer.') {
    super(message);
    this.name = 'RemitterProviderUnavailableError';
  }
}

export abstract class RemitterProvider {
  /** Registers (or finds) the remitter at the provider; answers the provider's reference. */
  abstract register(remitter: ProviderRemitter): Promise<{ reference: string }>;

  /** Starts e-KYC by Aadhaar OTP: the provider's OTP goes to the remitter; answers its reference. */
  abstract startOtpEkyc(mobile: string): Promise<{ reference: string }>;

  /** Completes e-KYC by Aadhaar OTP with the started reference and the code the customer read. */
  abstract completeOtpEkyc(mobile: string, reference: string, otp: string): Promise<EkycOutcome>;

  /** e-KYC by fingerprint or face: the device's encrypted PID block, passed through. */
  abstract biometricEkyc(mobile: string, pidData: string): Promise<EkycOutcome>;
}

export const SANDBOX_EKYC_MESSAGES = {
  detailsMismatch: 'The Aadhaar details do not match the remitter.',
  biometricMismatch: 'The biometric does not match the Aadhaar record.',
  wrongOtp: 'The Aadhaar OTP is wrong.',
} as const;

/** The Aadhaar OTP the sandbox treats as wrong. */
export const SANDBOX_WRONG_AADHAAR_OTP = '000000';

@Injectable()
export class SandboxRemitterProvider extends RemitterProvider {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'env'>) {
    super();
  }

  register(remitter: ProviderRemitter): Promise<{ reference: string }> {
    return this.answer(
      remitter.mobile,
      () => ({ reference: reference('R', remitter.mobile) }),
      '8',
    );
  }

  startOtpEkyc(mobile: string): Promise<{ reference: string }> {
    return this.answer(mobile, () => ({ reference: reference('K', mobile) }));
  }

  completeOtpEkyc(mobile: string, started: string, otp: string): Promise<EkycOutcome> {
    return this.answer(mobile, (): EkycOutcome => {
      if (started !== reference('K', mobile) || otp === SANDBOX_WRONG_AADHAAR_OTP) {
        return { status: 'refused', reason: SANDBOX_EKYC_MESSAGES.wrongOtp };
      }
      if (mobile.endsWith('0')) {
        return { status: 'refused', reason: SANDBOX_EKYC_MESSAGES.detailsMismatch };
      }
      return { status: 'done', reference: started };
    });
  }

  biometricEkyc(mobile: string): Promise<EkycOutcome> {
    return this.answer(mobile, (): EkycOutcome => {
      if (mobile.endsWith('0')) {
        return { status: 'refused', reason: SANDBOX_EKYC_MESSAGES.biometricMismatch };
      }
      return { status: 'done', reference: reference('B', mobile) };
    });
  }

  /** The outcome, or "provider down" in production and for a mobile ending `downFor`. */
  private answer<T>(mobile: string, outcome: () => T, downFor = '9'): Promise<T> {
    if (this.config.env === 'production' || mobile.endsWith(downFor)) {
      return Promise.reject(new RemitterProviderUnavailableError());
    }
    return Promise.resolve(outcome());
  }
}

function reference(kind: string, mobile: string): string {
  const digest = createHash('sha256').update(`${kind}:${mobile}`).digest('hex').slice(0, 16);
  return `SBX-${kind}-${digest.toUpperCase()}`;
}
