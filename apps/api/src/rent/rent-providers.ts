import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { indiaDay } from '@khata/domain';
import { OtpCodes, OtpRules } from '../beneficiaries/otp/otp-codes.js';
import { SmsSender } from '../beneficiaries/otp/sms-sender.js';
import { Clock } from '../common/clock.js';

/** What an e-stamp vendor (SHCIL or a state's own) is asked for one agreement. */
export interface EStampOrder {
  /**
   * Our reference with the vendor: an adapter orders idempotently by it, so two buys of one
   * agreement (a retry after a lost answer, two clicks) answer the same certificate.
   */
  agreementId: string;
  reference: string;
  state: string;
  /** Stamp duty in paise, whole rupees. */
  amount: number;
  firstParty: string;
  secondParty: string;
}

export interface EStampCertificate {
  certificateNo: string;
  issuedAt: Date;
}

/** The e-stamp port (issue 28): one certificate per agreement, bought after payment. */
export abstract class EStampProvider {
  /** Throws when the vendor does not sell it now; the agreement stays paid and can be retried. */
  abstract buy(order: EStampOrder): Promise<EStampCertificate>;
}

/**
 * The sandbox e-stamp vendor: a certificate number of SHCIL's shape (`IN-` + state + 14 digits
 * + a letter) at once, derived from the agreement's id (so an order repeated is the same
 * certificate). A stamp duty of exactly ₹13 fails, so the retry path is testable.
 */
@Injectable()
export class SandboxEStampProvider extends EStampProvider {
  constructor(private readonly clock: Clock) {
    super();
  }

  async buy(order: EStampOrder): Promise<EStampCertificate> {
    if (order.amount === 13_00) throw new Error('Sandbox e-stamp vendor is down for ₹13.');
    const hash = createHash('sha256').update(`estamp:${order.agreementId}`).digest();
    const digits = Array.from(hash.subarray(0, 14), (byte) => byte % 10).join('');
    const letter = String.fromCharCode(65 + (hash[14]! % 26));
    return { certificateNo: `IN-${order.state}${digits}${letter}`, issuedAt: this.clock.now() };
  }
}

/** One e-sign OTP sent: kept as a keyed hash only, with its expiry. */
export interface ESignOtpSent {
  transactionId: string;
  otpHash: Buffer;
  expiresAt: Date;
}

/**
 * The e-sign port (issue 28): Aadhaar eSign through an ESP. The signer gets an OTP on the
 * mobile registered with UIDAI and reads it out; neither the Aadhaar number nor the OTP is
 * ever stored (only the code's keyed hash while it is open). A real ESP keeps its own state
 * behind `transactionId`; the sandbox's is the hash the caller keeps.
 */
export abstract class ESignProvider {
  abstract sendOtp(request: {
    partyId: string;
    mobile: string;
    reference: string;
    documentHash: string;
  }): Promise<ESignOtpSent>;

  /** Whether the code is the one sent; a signature reference when it is. */
  abstract verify(
    sent: { transactionId: string; otpHash: Buffer; partyId: string },
    otp: string,
  ): { ok: true; signatureRef: string } | { ok: false };
}

/**
 * The sandbox Aadhaar eSign: the OTP goes to the party's mobile through the sandbox SMS sender
 * (whose outbox tests and a demo read; SMS_SANDBOX_OTP fixes the code), valid 10 minutes.
 */
@Injectable()
export class SandboxESignProvider extends ESignProvider {
  constructor(
    private readonly codes: OtpCodes,
    private readonly sms: SmsSender,
    private readonly clock: Clock,
  ) {
    super();
  }

  async sendOtp(request: {
    partyId: string;
    mobile: string;
    reference: string;
    documentHash: string;
  }): Promise<ESignOtpSent> {
    const transactionId = `ESP${indiaDay(this.clock.now()).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
    const code = this.codes.newOtp();
    await this.sms.send({
      to: request.mobile,
      text:
        `${code} is your Aadhaar eSign OTP (sandbox) to sign rent agreement ${request.reference}. ` +
        `Valid ${OtpRules.ttlMs / 60_000} minutes. Do not share it with anyone but the shop.`,
    });
    return {
      transactionId,
      otpHash: this.codes.hash(`rent-esign:${transactionId}:${request.partyId}`, code),
      expiresAt: new Date(this.clock.now().getTime() + OtpRules.ttlMs),
    };
  }

  verify(
    sent: { transactionId: string; otpHash: Buffer; partyId: string },
    otp: string,
  ): { ok: true; signatureRef: string } | { ok: false } {
    if (
      !this.codes.matches(`rent-esign:${sent.transactionId}:${sent.partyId}`, otp, sent.otpHash)
    ) {
      return { ok: false };
    }
    return { ok: true, signatureRef: sent.transactionId };
  }
}
