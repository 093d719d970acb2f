import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OnboardingMessages, SignupOtpRules } from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { UsersRepository } from '../../users/users.repository.js';
import { OnboardingSms } from '../onboarding-sms.js';
import { MobileOtps } from '../mobile-otps.js';
import { SendSignupOtpCommand } from './send-signup-otp.command.js';
import { addressKey } from '../../common/http/address-key.js';

const refusal = (seconds: number) =>
  OnboardingMessages.tooManyOtps(Math.max(1, Math.ceil(seconds / 60)));

/**
 * Signup OTPs per number and per address, each taken before anything is written and given back
 * when no SMS went out. An SMS costs money and can flood a phone: with Redis down, refused.
 */
export const SignupOtpLimit = {
  mobile: {
    name: 'signup-otp-mobile',
    points: SignupOtpRules.perMobile,
    windowSeconds: SignupOtpRules.windowSeconds,
    refusal,
    whenRedisDown: { refuse: OnboardingMessages.otpsUnavailable },
  },
  address: {
    name: 'signup-otp-ip',
    points: SignupOtpRules.perAddress,
    windowSeconds: SignupOtpRules.windowSeconds,
    refusal,
    whenRedisDown: { refuse: OnboardingMessages.otpsUnavailable },
  },
} as const satisfies Record<string, LimitRule>;

/**
 * Sends the signup OTP. A number that already has an account gets the same answer and, instead
 * of an OTP, an SMS saying so: the answer must not tell a stranger which numbers are customers,
 * while the number's owner learns why no OTP came.
 */
@CommandHandler(SendSignupOtpCommand)
export class SendSignupOtpHandler implements ICommandHandler<SendSignupOtpCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly otps: MobileOtps,
    private readonly sms: OnboardingSms,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
  ) {}

  async execute({ mobile, context }: SendSignupOtpCommand): Promise<void> {
    const address = addressKey(context.ip);
    await this.limiter.consume(SignupOtpLimit.address, address);
    try {
      await this.limiter.consume(SignupOtpLimit.mobile, mobile);
    } catch (error) {
      await this.limiter.giveBack(SignupOtpLimit.address, address);
      throw error;
    }
    try {
      if (await this.users.findByMobile(mobile)) await this.sms.alreadyRegistered(mobile);
      else await this.issue(mobile, context);
    } catch (error) {
      await this.limiter.giveBack(SignupOtpLimit.mobile, mobile);
      await this.limiter.giveBack(SignupOtpLimit.address, address);
      throw error;
    }
  }

  private issue(mobile: string, context: SendSignupOtpCommand['context']): Promise<void> {
    return this.uow.run(async (tx) => {
      const otp = await this.otps.issue(tx, mobile);
      await this.audit.record(tx, {
        action: 'signup.otp',
        outcome: 'success',
        context,
        details: { mobile },
      });
      // In the transaction: a gateway that refuses leaves no OTP behind.
      await this.sms.signupOtp(mobile, otp);
    });
  }
}
