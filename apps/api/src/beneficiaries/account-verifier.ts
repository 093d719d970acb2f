import { Injectable } from '@nestjs/common';
import {
  type AccountToVerify,
  maskAccountNumber,
  Messages,
  verificationFailed,
} from '@khata/domain';
import { AuditLog } from '../audit/audit.repository.js';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { type LimitRule, RateLimiter } from '../common/rate-limiter.js';
import { Db } from '../database/unit-of-work.js';
import { type AccountCheck, BankRail } from '../rail/bank-rail.js';
import { RailUnavailableError } from '../rail/rail-adapter.js';
import { AccountChecksRepository } from './account-checks.repository.js';
import { BeneficiaryMessages } from './beneficiary-messages.js';

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

/**
 * The bank-account check (penny drop) of one user, whatever it is for: a payout beneficiary
 * (`/user/verifyBankAccount`) or a DMT remitter's beneficiary (issue 25). Counted against the
 * user's hourly limit, recorded in `bank_account_checks`, audited; verified only when the bank
 * returns a payee name (spec §4), else refused with the bank's reason. The caller checks who
 * may ask.
 */
@Injectable()
export class AccountVerifier {
  constructor(
    private readonly rail: BankRail,
    private readonly checks: AccountChecksRepository,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async verify(
    owner: AuthUser,
    account: AccountToVerify,
    context: RequestContext,
  ): Promise<{ payeeName: string }> {
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
