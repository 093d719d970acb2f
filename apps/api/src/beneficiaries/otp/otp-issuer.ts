import { Injectable } from '@nestjs/common';
import { maskAccountNumber } from '@khata/domain';
import type { Tx } from '../../database/unit-of-work.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { BeneficiaryMessages } from '../beneficiary-messages.js';
import type { Beneficiary } from '../beneficiaries.repository.js';
import { OtpCodes, OtpRules } from './otp-codes.js';
import { OtpsRepository } from './otps.repository.js';
import { SmsSender, SmsUnavailableError } from './sms-sender.js';

export interface IssuedOtp {
  referenceKey: string;
  mobile: string;
  /** The code itself lives only until the SMS is sent; the database keeps its hash. */
  code: string;
}

/**
 * OTPs sent to one number: each takes its point before anything is written, and gives it back
 * when no SMS went out. An SMS costs money and can flood a phone, so with Redis down it refuses.
 */
export const OtpSendLimit = {
  name: 'beneficiary-otp-mobile',
  points: OtpRules.sendsPerWindow,
  windowSeconds: OtpRules.sendWindowSeconds,
  refusal: (seconds) => BeneficiaryMessages.tooManyOtps(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: { refuse: BeneficiaryMessages.otpsUnavailable },
} as const satisfies LimitRule;

/** Issues the DMT registration OTP of a beneficiary and sends it to the remitter's phone. */
@Injectable()
export class OtpIssuer {
  constructor(
    private readonly codes: OtpCodes,
    private readonly otps: OtpsRepository,
    private readonly sms: SmsSender,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Takes one of this number's sends before anything is written, or refuses when it already got
   * its share. Call `releaseSend` when the OTP is not issued after all.
   */
  async reserveSend(mobile: string): Promise<void> {
    await this.limiter.consume(OtpSendLimit, mobile);
  }

  async releaseSend(mobile: string): Promise<void> {
    await this.limiter.giveBack(OtpSendLimit, mobile);
  }

  /** A new OTP for the beneficiary, in the caller's transaction; any older one stops working. */
  async issue(tx: Tx, beneficiaryId: string, mobile: string, now: Date): Promise<IssuedOtp> {
    const referenceKey = this.codes.newReferenceKey();
    const code = this.codes.newOtp();
    await this.otps.endOpen(tx, beneficiaryId, now);
    await this.otps.insert(tx, {
      referenceKey,
      beneficiaryId,
      mobile,
      otpHash: this.codes.hash(referenceKey, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OtpRules.ttlMs),
    });
    return { referenceKey, mobile, code };
  }

  /** After the OTP's transaction committed. The beneficiary stays saved if the SMS fails. */
  async send(otp: IssuedOtp, beneficiary: Pick<Beneficiary, 'name' | 'accountNumber'>) {
    const minutes = OtpRules.ttlMs / 60_000;
    try {
      await this.sms.send({
        to: otp.mobile,
        text:
          `${otp.code} is your Khata OTP to register ${beneficiary.name} ` +
          `(A/c ${maskAccountNumber(beneficiary.accountNumber)}) as a beneficiary. ` +
          `It is valid for ${minutes} minutes. Do not share it with anyone.`,
      });
    } catch (error) {
      await this.releaseSend(otp.mobile);
      if (error instanceof SmsUnavailableError) {
        throw new AppError(ErrorKind.Unavailable, BeneficiaryMessages.otpUnavailable);
      }
      throw error;
    }
  }
}
