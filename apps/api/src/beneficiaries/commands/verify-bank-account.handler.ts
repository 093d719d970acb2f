import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { maskAccountNumber, Messages, verificationFailed } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { Db } from '../../database/unit-of-work.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { assertMayPayOut } from '../beneficiary-access.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { type AccountCheck, BankRail, RailUnavailableError } from '../../rail/bank-rail.js';
import { AccountChecksRepository } from '../account-checks.repository.js';
import { BeneficiaryMessages } from '../beneficiary-messages.js';
import { VerifyBankAccountCommand } from './verify-bank-account.command.js';

/** A penny drop costs money at a real provider: each user gets this many an hour. */
export const AccountCheckLimits = { perUser: 20, windowSeconds: 60 * 60 } as const;

/**
 * Every check that reaches the bank counts (one the rail could not take gives its point back).
 * Each costs money, so with Redis down it refuses rather than count in memory.
 */
export const AccountCheckLimit = {
  name: 'account-check-user',
  points: AccountCheckLimits.perUser,
  windowSeconds: AccountCheckLimits.windowSeconds,
  refusal: (seconds) => BeneficiaryMessages.tooManyChecks(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: { refuse: BeneficiaryMessages.checksUnavailable },
} as const satisfies LimitRule;

const NO_PAYEE_NAME = 'The bank returned no account holder name.';

@CommandHandler(VerifyBankAccountCommand)
export class VerifyBankAccountHandler implements ICommandHandler<VerifyBankAccountCommand> {
  constructor(
    private readonly rail: BankRail,
    private readonly checks: AccountChecksRepository,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, account, context }: VerifyBankAccountCommand) {
    assertMayPayOut(owner);
    await this.limiter.consume(AccountCheckLimit, owner.userId);

    const request = { accountNumber: account.accountNumber, ifsc: account.ifscCode };
    let answer: AccountCheck;
    try {
      answer = await this.rail.verifyAccount(request);
    } catch (error) {
      if (error instanceof RailUnavailableError) {
        await this.limiter.giveBack(AccountCheckLimit, owner.userId);
        throw new AppError(ErrorKind.Unavailable, Messages.verificationRetry);
      }
      throw error;
    }

    // Spec §4: an account counts as verified only if a payee name is returned.
    const payeeName = answer.verified ? answer.payeeName.trim() : '';
    const reason = answer.verified ? NO_PAYEE_NAME : answer.reason;
    await this.checks.record({
      ownerId: owner.userId,
      ...request,
      payeeName: payeeName || null,
      reason: payeeName ? null : reason,
      checkedAt: this.clock.now(),
    });
    await this.audit.record(this.db, {
      action: 'beneficiary.account-check',
      outcome: payeeName ? 'success' : 'failure',
      actorId: owner.userId,
      sessionId: owner.sessionId,
      context,
      details: {
        accountNumber: maskAccountNumber(request.accountNumber),
        ifsc: request.ifsc,
        ...(payeeName ? { payeeName } : { reason }),
      },
    });
    if (!payeeName) throw new AppError(ErrorKind.Refused, verificationFailed(reason));
    return { payeeName };
  }
}
