import { Injectable } from '@nestjs/common';
import { CustomerOtpRules, DmtMessages, type CustomerOtpPurpose } from '@khata/domain';
import { OtpCodes } from '../beneficiaries/otp/otp-codes.js';
import { SmsSender, SmsUnavailableError } from '../beneficiaries/otp/sms-sender.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { CustomerOtpsRepository, type OtpAddress } from './customer-otps.repository.js';

export interface CustomerOtpRequest {
  purpose: CustomerOtpPurpose;
  remitterId: string;
  /** The remitter's mobile: the SMS goes there. */
  mobile: string;
  /** What the code approves (libs/domain `customerOtpBinding`). */
  binding: string;
  /** The user (a retailer) who asked for it. */
  requestedBy: string;
  /** The SMS, given the code and its minutes of validity. */
  smsText: (code: string, minutes: number) => string;
}

export interface IssuedCustomerOtp {
  id: string;
  expiresAt: Date;
}

/** A code checked right: which one, and the instant it was tried (its use is judged then). */
export interface ProvenCustomerOtp {
  id: string;
  at: Date;
}

/**
 * The OTPs Khata sends to a remitter's mobile to confirm one act (issue 25; decision in
 * docs/decisions.md, "DMT customer OTPs"): registering, adding or deleting a beneficiary, a
 * transfer, a refund. Every rule holds in the database: at most `sendsPerWindow` sends of one
 * purpose and binding per window, a try taken (and committed) before each comparison, the code
 * void after `maxAttempts`, used once by compare-and-set. A code approves only its binding.
 */
@Injectable()
export class CustomerOtps {
  constructor(
    private readonly otps: CustomerOtpsRepository,
    private readonly codes: OtpCodes,
    private readonly sms: SmsSender,
    private readonly clock: Clock,
    private readonly db: Db,
  ) {}

  /**
   * A new code for the request, stored (hashed) in the caller's transaction and sent by SMS;
   * any older open code of the same purpose and binding stops working. Refused (429) beyond the
   * send limit; a gateway that does not take the SMS is a 503 and the caller's transaction
   * rolls back.
   */
  async issue(tx: Tx, request: CustomerOtpRequest): Promise<IssuedCustomerOtp> {
    const address = addressOf(request);
    const now = this.clock.now();
    await this.otps.lockSends(tx, address);
    const windowStart = new Date(now.getTime() - CustomerOtpRules.sendWindowMs);
    const sent = await this.otps.sentSince(tx, address, windowStart);
    if (sent.length >= CustomerOtpRules.sendsPerWindow) {
      const freeAt = sent[0]!.getTime() + CustomerOtpRules.sendWindowMs;
      const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
      throw new AppError(ErrorKind.TooManyTries, DmtMessages.tooManyOtps(minutes));
    }
    const id = this.codes.newReferenceKey();
    const code = this.codes.newOtp();
    const expiresAt = new Date(now.getTime() + CustomerOtpRules.ttlMs);
    await this.otps.voidOpen(tx, address, now);
    await this.otps.insert(tx, {
      ...address,
      id,
      otpHash: this.codes.hash(hashKey(id, address), code),
      requestedBy: request.requestedBy,
      createdAt: now,
      expiresAt,
    });
    try {
      await this.sms.send({
        to: request.mobile,
        text: request.smsText(code, CustomerOtpRules.ttlMs / 60_000),
      });
    } catch (error) {
      if (error instanceof SmsUnavailableError) {
        throw new AppError(ErrorKind.Unavailable, DmtMessages.otpUnavailable);
      }
      throw error;
    }
    return { id, expiresAt };
  }

  /**
   * Takes a try of the open code of this purpose and binding (committed at once, in its own
   * statement), then compares. A code sent for another binding is not looked at. Under an
   * Idempotency-Key (`repeatOf`), the same code sent again with the same key (a double click) is
   * the try already made, not a new one: five clicks do not spend a 3-try code.
   */
  async check(
    purpose: CustomerOtpPurpose,
    remitterId: string,
    binding: string,
    code: string,
    repeatOf?: string,
  ): Promise<ProvenCustomerOtp> {
    const address = { purpose, remitterId, binding };
    const at = this.clock.now();
    const repeat =
      repeatOf === undefined
        ? null
        : this.codes.hash(`${hashKey('try', address)}|${repeatOf}`, code);
    const open = await this.otps.takeTry(
      this.db,
      address,
      at,
      CustomerOtpRules.maxAttempts,
      repeat,
    );
    if (!open) throw new AppError(ErrorKind.Refused, DmtMessages.otpNotOpen);
    if (!this.codes.matches(hashKey(open.id, address), code, open.otpHash)) {
      if (open.attempts >= CustomerOtpRules.maxAttempts) {
        await this.otps.voidSpent(this.db, open.id, at);
        throw new AppError(ErrorKind.Refused, DmtMessages.otpVoid);
      }
      throw new AppError(ErrorKind.Refused, DmtMessages.otpWrong);
    }
    return { id: open.id, at };
  }

  /** Uses the code up in the caller's transaction; another use got there first: refused. */
  async use(tx: Tx, proven: ProvenCustomerOtp): Promise<void> {
    if (!(await this.otps.use(tx, proven.id, proven.at))) {
      throw new AppError(ErrorKind.Refused, DmtMessages.otpExpired);
    }
  }
}

function addressOf(request: CustomerOtpRequest): OtpAddress {
  return { remitterId: request.remitterId, purpose: request.purpose, binding: request.binding };
}

/** The hash binds the code to its id, remitter, purpose and binding: a row moved matches nothing. */
function hashKey(id: string, address: OtpAddress): string {
  return `${id}|${address.remitterId}|${address.purpose}|${address.binding}`;
}
