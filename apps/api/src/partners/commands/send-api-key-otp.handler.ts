import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PartnerMessages } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { OtpRules } from '../../beneficiaries/otp/otp-codes.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { PartnerKeyOtps } from '../partner-key-otps.js';
import { PartnerSms } from '../partner-sms.js';
import { SendApiKeyOtpCommand } from './send-api-key-otp.command.js';

/** Key-creation OTPs a partner may ask for: each SMS costs money. Redis down: refused. */
export const ApiKeyOtpLimit = {
  name: 'partner-key-otp',
  points: OtpRules.sendsPerWindow,
  windowSeconds: OtpRules.sendWindowSeconds,
  refusal: (seconds) => PartnerMessages.tooManyKeyOtps(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: { refuse: PartnerMessages.keyOtpsUnavailable },
} as const satisfies LimitRule;

/**
 * Sends the OTP that approves one key (its name and scopes, as the SMS says) to the partner's
 * registered mobile, the one its session signed in with (a change of mobile ends sessions).
 */
@CommandHandler(SendApiKeyOtpCommand)
export class SendApiKeyOtpHandler implements ICommandHandler<SendApiKeyOtpCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly otps: PartnerKeyOtps,
    private readonly sms: PartnerSms,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
  ) {}

  async execute({ partner, name, scopes, context }: SendApiKeyOtpCommand) {
    await this.limiter.consume(ApiKeyOtpLimit, partner.userId);
    try {
      return await this.uow.run(async (tx) => {
        const { referenceKey, otp } = await this.otps.issue(tx, {
          partnerId: partner.userId,
          mobile: partner.mobile,
          name,
          scopes,
        });
        await this.audit.record(tx, {
          action: 'partner.api-key-otp',
          outcome: 'success',
          actorId: partner.userId,
          subjectId: partner.userId,
          sessionId: partner.sessionId,
          context,
          details: { name, scopes },
        });
        // In the transaction: a gateway that refuses leaves no OTP behind.
        await this.sms.keyOtp(partner.mobile, otp, { name, scopes });
        return { referenceKey };
      });
    } catch (error) {
      await this.limiter.giveBack(ApiKeyOtpLimit, partner.userId);
      throw error;
    }
  }
}
