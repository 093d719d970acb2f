import { Injectable } from '@nestjs/common';
import { formatIndiaDateTime, PartnerMessages, type PartnerScope } from '@khata/domain';
import { OtpRules } from '../beneficiaries/otp/otp-codes.js';
import { SmsSender, SmsUnavailableError } from '../beneficiaries/otp/sms-sender.js';
import { AppError, ErrorKind } from '../common/errors.js';

/**
 * The texts a partner's key changes send to its registered mobile (issue 31). A gateway that does
 * not take the message is a 503: the caller's transaction rolls back and nothing is stored.
 */
@Injectable()
export class PartnerSms {
  constructor(private readonly sms: SmsSender) {}

  /** Names the key the OTP approves, so a partner who did not ask knows what is at stake. */
  keyOtp(to: string, otp: string, key: { name: string; scopes: PartnerScope[] }): Promise<void> {
    const minutes = OtpRules.ttlMs / 60_000;
    return this.send(
      to,
      `${otp} is your Khata OTP to create the API key "${key.name}" (${key.scopes.join(', ')}). ` +
        `It is valid for ${minutes} minutes. Do not share it with anyone. ` +
        'If you did not ask for it, change your password now.',
    );
  }

  /** Out of band: the partner learns of every new key, whoever made it. */
  keyCreated(
    to: string,
    key: { name: string; prefix: string; scopes: PartnerScope[]; createdAt: Date },
  ): Promise<void> {
    const at = `${formatIndiaDateTime(key.createdAt).replace('T', ' ')} IST`;
    return this.send(
      to,
      `A new API key "${key.name}" (${key.prefix}; ${key.scopes.join(', ')}) was created on your ` +
        `Khata account at ${at}. If this was not you, revoke it in your partner area, change ` +
        'your password and PIN, and call Khata support at once.',
    );
  }

  private async send(to: string, text: string): Promise<void> {
    try {
      await this.sms.send({ to, text });
    } catch (error) {
      if (error instanceof SmsUnavailableError) {
        throw new AppError(ErrorKind.Unavailable, PartnerMessages.smsUnavailable);
      }
      throw error;
    }
  }
}
