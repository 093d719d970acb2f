import { Injectable } from '@nestjs/common';
import { OnboardingMessages, SignupOtpRules } from '@khata/domain';
import { OtpCodes } from '../beneficiaries/otp/otp-codes.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { SignupOtpsRepository } from './signup-otps.repository.js';

/** An OTP checked right: which one, and the instant it was tried (its use is judged then). */
export interface ProvenOtp {
  id: string;
  at: Date;
}

/**
 * OTPs that prove a person holds a mobile number (signup, a change of mobile), issue 24: the
 * codes, their table and the clock travelled together through four handlers. A code lives
 * SignupOtpRules.ttlMs, takes one of its SignupOtpRules.maxAttempts tries before it is
 * compared, and is used up in the transaction that acts on it.
 */
@Injectable()
export class MobileOtps {
  constructor(
    private readonly otps: SignupOtpsRepository,
    private readonly codes: OtpCodes,
    private readonly clock: Clock,
    private readonly db: Db,
  ) {}

  /** A fresh code for `mobile`, stored (hashed) in the caller's transaction; answers it to send. */
  async issue(tx: Tx, mobile: string): Promise<string> {
    const now = this.clock.now();
    const id = this.codes.newReferenceKey();
    const otp = this.codes.newOtp();
    await this.otps.insert(tx, {
      id,
      mobile,
      otpHash: this.codes.hash(id, otp),
      now,
      expiresAt: new Date(now.getTime() + SignupOtpRules.ttlMs),
    });
    return otp;
  }

  /** Takes a try of the open code for `mobile` (committed at once), then compares it. */
  async check(mobile: string, otp: string): Promise<ProvenOtp> {
    const at = this.clock.now();
    const open = await this.otps.takeTry(this.db, mobile, at, SignupOtpRules.maxAttempts);
    if (!open) throw new AppError(ErrorKind.Refused, OnboardingMessages.otpExpired);
    if (!this.codes.matches(open.id, otp, open.otpHash)) {
      throw new AppError(ErrorKind.Refused, OnboardingMessages.otpWrong);
    }
    return { id: open.id, at };
  }

  /** Uses the code up in the caller's transaction; another use got there first: expired. */
  async use(tx: Tx, proven: ProvenOtp): Promise<void> {
    if (!(await this.otps.use(tx, proven.id, proven.at))) {
      throw new AppError(ErrorKind.Refused, OnboardingMessages.otpExpired);
    }
  }
}
