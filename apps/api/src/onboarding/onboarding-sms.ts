import { Injectable } from '@nestjs/common';
import { OnboardingMessages, SignupOtpRules } from '@khata/domain';
import { SmsSender, SmsUnavailableError } from '../beneficiaries/otp/sms-sender.js';
import { AppError, ErrorKind } from '../common/errors.js';

/**
 * The texts onboarding sends through the SMS port (the sandbox adapter in development and
 * tests: the log, an in-memory outbox and the `sandbox_sms_outbox` table). A gateway that does
 * not take the message is a 503: the caller's transaction rolls back and nothing is stored.
 */
@Injectable()
export class OnboardingSms {
  constructor(private readonly sms: SmsSender) {}

  welcome(to: string, name: string, password: string): Promise<void> {
    const firstName = name.split(' ')[0];
    return this.send(
      to,
      `Welcome to Khata, ${firstName}. Your temporary password is ${password}. ` +
        'Sign in with your mobile number and it, then set your own password and PIN. ' +
        'Do not share it with anyone.',
    );
  }

  temporaryPassword(to: string, password: string): Promise<void> {
    return this.send(
      to,
      `Your Khata password was reset. Your temporary password is ${password}. ` +
        'Sign in with it and set a new password. Do not share it with anyone.',
    );
  }

  temporaryPin(to: string, pin: string): Promise<void> {
    return this.send(
      to,
      `Your Khata PIN was reset. Your temporary PIN is ${pin}. ` +
        'Sign in and set a new PIN before anything else. Do not share it with anyone.',
    );
  }

  /** `length` of the lock ("30 minutes"), or null for the one that holds until a reset. */
  pinLocked(to: string, length: string | null): Promise<void> {
    const locked =
      length === null ? 'until your PIN is reset by your upline or an admin' : `for ${length}`;
    return this.send(
      to,
      `Your Khata PIN was entered wrongly 5 times, so money movement is locked ${locked}. ` +
        'If it was not you, change your password and tell your upline.',
    );
  }

  /** To every admin (issue 31 item 4): someone made an account that can move money. */
  privilegedAccountCreated(
    to: string,
    created: { name: string; mobile: string; kind: 'admin' | 'partner' },
    creatorName: string,
  ): Promise<void> {
    return this.send(
      to,
      `Khata security alert: ${creatorName} created a new ${created.kind} account, ` +
        `${created.name} (mobile ending ${created.mobile.slice(-4)}). ` +
        'If this was not expected, block it from All Users and tell the other admins.',
    );
  }

  signupOtp(to: string, otp: string): Promise<void> {
    const minutes = SignupOtpRules.ttlMs / 60_000;
    return this.send(
      to,
      `${otp} is your Khata OTP to open an account. It is valid for ${minutes} minutes. ` +
        'Do not share it with anyone.',
    );
  }

  changeMobileOtp(to: string, otp: string): Promise<void> {
    const minutes = SignupOtpRules.ttlMs / 60_000;
    return this.send(
      to,
      `${otp} is your Khata OTP to make this number your account's mobile. It is valid for ` +
        `${minutes} minutes. Do not share it with anyone.`,
    );
  }

  /** To a number that has an account: its owner learns someone tried, the asker learns nothing. */
  alreadyRegistered(to: string): Promise<void> {
    return this.send(
      to,
      'Someone asked to open a Khata account with this number, which already has a Khata ' +
        'account. Please sign in instead. If it was not you, ignore this message.',
    );
  }

  private async send(to: string, text: string): Promise<void> {
    try {
      await this.sms.send({ to, text });
    } catch (error) {
      if (error instanceof SmsUnavailableError) {
        throw new AppError(ErrorKind.Unavailable, OnboardingMessages.smsUnavailable);
      }
      throw error;
    }
  }
}
