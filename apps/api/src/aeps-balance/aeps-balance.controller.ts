import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AepsBalanceMessages, paiseToRupees, type AepsBalanceMoveAnswer } from '@khata/domain';
import type { Response } from 'express';
import { ForMenuItem, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { IdempotencyKey, PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { MoveAepsBalanceDto } from './aeps-balance.dto.js';
import { MoveAepsBalanceCommand } from './commands/move-aeps-balance.command.js';

/**
 * The shop's AEPS balance (issue 26; docs/api.md, "AEPS at the counter"). Its own folder, beside
 * the AEPS counter's (apps/api/src/aeps): moving the balance is a ledger movement between two of
 * the user's accounts, not a provider call.
 */
@Controller('aeps/balance')
export class AepsBalanceController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * The AEPS balance to the main wallet, at once. The `aeps` service (its menu item, so a shop
   * waiting for KYC is told so); never in a sign-in-link session, as every call that moves money.
   */
  @Post('move')
  @HttpCode(200)
  @ForMenuItem('aeps')
  @NotInLinkSession()
  async move(
    @Body() body: MoveAepsBalanceDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AepsBalanceMoveAnswer> {
    const moved = await this.commands.execute(
      new MoveAepsBalanceCommand(user, body.amount, pin, key, context),
    );
    if (moved.replayed) response.setHeader('Idempotency-Hit', 'true');
    return {
      success: true,
      message: AepsBalanceMessages.moved,
      data: {
        moved: paiseToRupees(moved.moved),
        aepsBalance: paiseToRupees(moved.aepsBalance),
        walletBalance: paiseToRupees(moved.walletBalance),
      },
    };
  }
}
