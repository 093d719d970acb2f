import { AnswersAlso } from '../api-docs/answers.js';
import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApprovalMessages,
  BalanceMessages,
  DISTRIBUTOR_KINDS,
  normalizeMobile,
  type PendingApprovalAnswer,
} from '@khata/domain';
import type { Response } from 'express';
import { isApprovalAsked, type ApprovalAsked } from '../approvals/second-approvals.js';
import { ForKinds, ForMenuItem, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { IdempotencyKey, PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { CreditWalletCommand, DebitWalletCommand } from './commands/credit-wallet.command.js';
import { SendMoneyToWalletCommand, type MoneyMoved } from './commands/send-money.command.js';
import { SendToDownlineCommand } from './commands/send-to-downline.command.js';
import {
  CreditWalletDto,
  DebitWalletDto,
  remarkOf,
  SendMoneyDto,
  SendToDownlineDto,
} from './wallet.dto.js';

@Controller()
export class WalletController {
  constructor(private readonly commands: CommandBus) {}

  /** spec §7 `/user/sendMoneyToWallet`: PIN header, Idempotency-Key, body mobile, amount, remark, name. */
  @Post('user/sendMoneyToWallet')
  @HttpCode(200)
  @ForMenuItem('walletTransfer')
  @NotInLinkSession()
  async sendMoney(
    @Body() body: SendMoneyDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const moved = await this.commands.execute(
      new SendMoneyToWalletCommand(
        user,
        normalizeMobile(body.mobile),
        body.amount,
        remarkOf(body.remark),
        pin,
        key,
        context,
      ),
    );
    return answer(moved, 'Money sent successfully.', response);
  }

  /**
   * Issue 23 `/user/sendMoneyToDownline`: a distributor tier pays a user of its own downline
   * (network-scope.ts) from User details; anyone else below or beside it is "User not found".
   */
  @Post('user/sendMoneyToDownline')
  @HttpCode(200)
  @ForKinds(...DISTRIBUTOR_KINDS)
  @NotInLinkSession()
  async sendToDownline(
    @Body() body: SendToDownlineDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const moved = await this.commands.execute(
      new SendToDownlineCommand(
        user,
        body.userId,
        body.amount,
        remarkOf(body.remark),
        pin,
        key,
        context,
      ),
    );
    return answer(moved, 'Money sent successfully.', response);
  }

  /** API.md `/admin/creditWallet`: an admin funds a wallet. */
  @Post('admin/creditWallet')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  @AnswersAlso(202)
  async creditWallet(
    @Body() body: CreditWalletDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const moved = await this.commands.execute(
      new CreditWalletCommand(
        user,
        normalizeMobile(body.mobile),
        body.amount,
        remarkOf(body.remark),
        pin,
        key,
        context,
      ),
    );
    return answerAdmin(moved, 'Wallet credited.', response);
  }

  /** Issue 13 `/admin/debitWallet`: an admin takes money back from a wallet, with a reason. */
  @Post('admin/debitWallet')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  @AnswersAlso(202)
  async debitWallet(
    @Body() body: DebitWalletDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const moved = await this.commands.execute(
      new DebitWalletCommand(
        user,
        normalizeMobile(body.mobile),
        body.amount,
        body.reason,
        pin,
        key,
        context,
      ),
    );
    return answerAdmin(moved, BalanceMessages.walletDebited, response);
  }
}

/**
 * An admin credit or debit above the threshold answers 202 with the request now waiting for a
 * second admin (issue 31 item 4): nothing has moved.
 */
function answerAdmin(
  moved: MoneyMoved | ApprovalAsked,
  message: string,
  response: Response,
): ReturnType<typeof answer> | PendingApprovalAnswer {
  if (!isApprovalAsked(moved)) return answer(moved, message, response);
  response.status(202);
  return {
    success: true,
    message: ApprovalMessages.sentForApproval,
    pendingApproval: moved.pendingApproval,
  };
}

/** A replay answers the first result and says so (`Idempotency-Hit: true`). */
function answer(moved: MoneyMoved, message: string, response: Response) {
  if (moved.replayed) response.setHeader('Idempotency-Hit', 'true');
  return { success: true, message, transactionRecord: moved.record };
}
