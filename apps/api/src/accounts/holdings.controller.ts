import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  BalanceMessages,
  paiseToRupees,
  type HoldingAnswer,
  type HoldingKind,
  type HoldingsAnswer,
  type OverdraftAnswer,
  type OverdraftsAnswer,
} from '@khata/domain';
import type { Response } from 'express';
import { ForKinds, ForMenuItem, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { IdempotencyKey, PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { toHolding } from './holdings.repository.js';
import {
  HoldingsDto,
  PlaceHoldingDto,
  ReleaseHoldingDto,
  SetOverdraftDto,
} from './holdings.dto.js';
import {
  PlaceHoldingCommand,
  ReleaseHoldingCommand,
  type HoldingDone,
} from './commands/place-holding.command.js';
import { SetOverdraftCommand } from './commands/set-overdraft.command.js';
import { ListHoldingsQuery } from './queries/list-holdings.query.js';
import { ListOverdraftsQuery } from './queries/list-overdrafts.query.js';

/**
 * Liens, security deposits and overdraft limits (issue 13): admins act, with their PIN, a
 * reason and an Idempotency-Key; whoever reads User details reads a user's liens and deposits.
 * Every user is looked up through the network scope.
 */
@Controller('admin')
export class HoldingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('lien')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  placeLien(
    @Body() body: PlaceHoldingDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HoldingAnswer> {
    return this.place('lien', body, user, pin, key, context, response);
  }

  @Post('lien/release')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  releaseLien(
    @Body() body: ReleaseHoldingDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HoldingAnswer> {
    return this.release('lien', body, user, pin, key, context, response);
  }

  @Post('securityDeposit')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  holdDeposit(
    @Body() body: PlaceHoldingDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HoldingAnswer> {
    return this.place('security', body, user, pin, key, context, response);
  }

  @Post('securityDeposit/release')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  releaseDeposit(
    @Body() body: ReleaseHoldingDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HoldingAnswer> {
    return this.release('security', body, user, pin, key, context, response);
  }

  /** A user's liens and deposits: whoever opens User details (the allUsers item) sees them. */
  @Post('holdings')
  @HttpCode(200)
  @ForMenuItem('allUsers')
  async holdings(
    @Body() body: HoldingsDto,
    @CurrentUser() user: AuthUser,
  ): Promise<HoldingsAnswer> {
    const rows = await this.queries.execute(new ListHoldingsQuery(user, body.userId));
    return { success: true, data: rows.map(toHolding) };
  }

  @Post('overdraft')
  @HttpCode(200)
  @ForMenuItem('overdraft')
  async setOverdraft(
    @Body() body: SetOverdraftDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OverdraftAnswer> {
    const set = await this.commands.execute(
      new SetOverdraftCommand(user, body.userId, body.limit, body.reason, pin, key, context),
    );
    if (set.replayed) response.setHeader('Idempotency-Hit', 'true');
    return {
      success: true,
      message:
        set.overdraftLimit > 0 ? BalanceMessages.overdraftSet : BalanceMessages.overdraftEnded,
      data: { userId: set.userId, overdraftLimit: paiseToRupees(set.overdraftLimit) },
    };
  }

  @Post('overdrafts')
  @HttpCode(200)
  @ForMenuItem('overdraft')
  async overdrafts(@CurrentUser() user: AuthUser): Promise<OverdraftsAnswer> {
    return { success: true, data: await this.queries.execute(new ListOverdraftsQuery(user)) };
  }

  private async place(
    kind: HoldingKind,
    body: PlaceHoldingDto,
    user: AuthUser,
    pin: unknown,
    key: string,
    context: RequestContext,
    response: Response,
  ): Promise<HoldingAnswer> {
    const done = await this.commands.execute(
      new PlaceHoldingCommand(user, kind, body.userId, body.amount, body.reason, pin, key, context),
    );
    const message = kind === 'lien' ? BalanceMessages.lienPlaced : BalanceMessages.depositHeld;
    return answer(done, message, response);
  }

  private async release(
    kind: HoldingKind,
    body: ReleaseHoldingDto,
    user: AuthUser,
    pin: unknown,
    key: string,
    context: RequestContext,
    response: Response,
  ): Promise<HoldingAnswer> {
    const done = await this.commands.execute(
      new ReleaseHoldingCommand(user, kind, body.id, body.reason, pin, key, context),
    );
    const message =
      kind === 'lien' ? BalanceMessages.lienReleased : BalanceMessages.depositReleased;
    return answer(done, message, response);
  }
}

/** A replay answers the first result and says so (`Idempotency-Hit: true`). */
function answer(done: HoldingDone, message: string, response: Response): HoldingAnswer {
  if (done.replayed) response.setHeader('Idempotency-Hit', 'true');
  return { success: true, message, data: toHolding(done.holding) };
}
