import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  checkPreviousTransactionsLimit,
  ErrorCode,
  Messages,
  normalizeAccountNumber,
  normalizeIfsc,
  UNLIMITED_PAYOUT_KINDS,
  type CheckLastTransactionAnswer,
  type PaymentQuoteAnswer,
  type PayoutAnswer,
} from '@khata/domain';
import type { Response } from 'express';
import { ADMIN_AREA, ForKinds, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { AnswersCodes } from '../common/http/answers-codes.js';
import { IdempotencyKey, PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { RequestPayoutCommand, type PayoutRequested } from './commands/request-payout.command.js';
import { PayoutMessages } from './payout-messages.js';
import { CheckLastTransactionDto, PaymentQuoteDto, PayoutDto } from './payouts.dto.js';
import { LastPayoutsQuery } from './queries/last-payouts.query.js';
import { QuotePaymentQuery } from './queries/quote-payment.query.js';

/** Payouts of spec §7: bank transfers, the admin's unlimited payout, AEPS settlement. */
@Controller()
export class PayoutsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /**
   * `/payment/bankTransfer`: a payout to a saved beneficiary (`type` absent or `payout`), or an
   * AEPS settlement to an approved AEPS account (`type: "aeps"`). Answers at once, `queued`.
   */
  @Post('payment/bankTransfer')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  @AnswersCodes(ErrorCode.DuplicatePayment)
  async bankTransfer(
    @Body() body: PayoutDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PayoutAnswer> {
    const requested = await this.commands.execute(
      new RequestPayoutCommand(user, body.type ?? 'payout', false, body, pin, key, context),
    );
    return answer(requested, response);
  }

  /**
   * `/payment/quote` (issue 23): the fee and total the caller would be charged now for a bank
   * payout or (`type: "aeps"`) an AEPS settlement of `amount`: the transfer's own fee rule.
   */
  @Post('payment/quote')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async quote(
    @Body() body: PaymentQuoteDto,
    @CurrentUser() user: AuthUser,
  ): Promise<PaymentQuoteAnswer> {
    const quote = await this.queries.execute(
      new QuotePaymentQuery(user, body.type ?? 'payout', body.unlimited === true, body),
    );
    return { success: true, quote };
  }

  /** `/admin/unlimitedPayout`: an admin's bank payout below ₹10,00,000 (spec §5, §6). */
  @Post('admin/unlimitedPayout')
  @HttpCode(200)
  @ForKinds(...UNLIMITED_PAYOUT_KINDS)
  @NotInLinkSession()
  @AnswersCodes(ErrorCode.DuplicatePayment)
  async unlimitedPayout(
    @Body() body: PayoutDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PayoutAnswer> {
    const requested = await this.commands.execute(
      new RequestPayoutCommand(user, body.type ?? 'payout', true, body, pin, key, context),
    );
    return answer(requested, response);
  }

  /** `/user/checkLastTransaction`: the caller's latest payouts to this account (5, at most 20). */
  @Post('user/checkLastTransaction')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async checkLastTransaction(
    @Body() body: CheckLastTransactionDto,
    @CurrentUser() user: AuthUser,
  ): Promise<CheckLastTransactionAnswer> {
    const limit = checkPreviousTransactionsLimit(body.limit);
    const data = await this.queries.execute(
      new LastPayoutsQuery(
        user.userId,
        normalizeAccountNumber(body.accountNumber),
        normalizeIfsc(body.ifsc),
        limit.ok ? limit.value : 5,
      ),
    );
    return data.length
      ? { success: true, data }
      : { success: true, data, message: Messages.noTransactions };
  }
}

/** A replay answers the first result and says so (`Idempotency-Hit: true`). */
function answer(requested: PayoutRequested, response: Response): PayoutAnswer {
  if (requested.replayed) response.setHeader('Idempotency-Hit', 'true');
  return {
    success: true,
    message: PayoutMessages.queued,
    result: { message: PayoutMessages.queued },
    transactionRecord: requested.record,
  };
}
