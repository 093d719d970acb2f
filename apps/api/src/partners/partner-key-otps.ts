import { Injectable } from '@nestjs/common';
import { PartnerMessages } from '@khata/domain';
import { OtpCodes, OtpRules } from '../beneficiaries/otp/otp-codes.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import {
  PartnerKeyOtpsRepository,
  type KeyOtpTry,
  type RequestedKey,
} from './partner-key-otps.repository.js';

/** A key's OTP checked right: the key it asked for, and the instant it was tried. */
export interface ProvenKeyOtp extends KeyOtpTry {
  referenceKey: string;
  at: Date;
}

/**
 * The OTP a partner proves before a new API key (issue 24: the codes, their table and the clock
 * travelled together through both key handlers). A newer OTP replaces an open one; each takes
 * one of its OtpRules.maxAttempts tries before it is compared, and is used up in the
 * transaction that makes the key.
 */
@Injectable()
export class PartnerKeyOtps {
  constructor(
    private readonly otps: PartnerKeyOtpsRepository,
    private readonly codes: OtpCodes,
    private readonly clock: Clock,
    private readonly db: Db,
  ) {}

  /** A fresh OTP for the key asked for, stored (hashed) in the caller's transaction. */
  async issue(
    tx: Tx,
    asked: RequestedKey & { partnerId: string; mobile: string },
  ): Promise<{ referenceKey: string; otp: string }> {
    const now = this.clock.now();
    const referenceKey = this.codes.newReferenceKey();
    const otp = this.codes.newOtp();
    await this.otps.insert(tx, {
      ...asked,
      referenceKey,
      otpHash: this.codes.hash(referenceKey, otp),
      now,
      expiresAt: new Date(now.getTime() + OtpRules.ttlMs),
    });
    return { referenceKey, otp };
  }

  /** Takes a try of the partner's open OTP (committed at once), then compares it. */
  async check(partnerId: string, referenceKey: string, otp: string): Promise<ProvenKeyOtp> {
    const at = this.clock.now();
    const open = await this.otps.takeTry(this.db, {
      referenceKey,
      partnerId,
      now: at,
      maxAttempts: OtpRules.maxAttempts,
    });
    if (!open) throw new AppError(ErrorKind.Refused, PartnerMessages.keyOtpExpired);
    if (!this.codes.matches(referenceKey, otp, open.otpHash)) {
      throw new AppError(ErrorKind.Refused, PartnerMessages.keyOtpWrong);
    }
    return { ...open, referenceKey, at };
  }

  /** Uses the OTP up in the caller's transaction; another use got there first: expired. */
  async use(tx: Tx, proven: ProvenKeyOtp): Promise<void> {
    if (!(await this.otps.use(tx, proven.referenceKey, proven.at))) {
      throw new AppError(ErrorKind.Refused, PartnerMessages.keyOtpExpired);
    }
  }
}
