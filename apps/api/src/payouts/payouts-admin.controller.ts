import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { CheckPayoutCommand } from './commands/check-payout.command.js';
import { ResolvePayoutCommand } from './commands/resolve-payout.command.js';
import { PayoutIdDto, ResolvePayoutDto, StuckPayoutsDto } from './payouts.dto.js';
import { StuckPayoutsQuery } from './queries/stuck-payouts.query.js';

/** Admins watch payouts the rail has not settled, ask the rail again, or settle by hand. */
@Controller('admin/payouts')
export class PayoutsAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  @Post('stuck')
  @HttpCode(200)
  @ForKinds('admin')
  async stuck(@Body() body: StuckPayoutsDto) {
    const minutes = body.olderThanMinutes ?? 10;
    const data = await this.queries.execute(
      new StuckPayoutsQuery(
        new Date(this.clock.now().getTime() - minutes * 60_000),
        body.limit ?? 50,
      ),
    );
    return { success: true, data };
  }

  @Post('checkStatus')
  @HttpCode(200)
  @ForKinds('admin')
  async checkStatus(
    @Body() body: PayoutIdDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const record = await this.commands.execute(new CheckPayoutCommand(user, body.id, context));
    return { success: true, message: `The payout is ${record.status}.`, transactionRecord: record };
  }

  @Post('resolve')
  @HttpCode(200)
  @ForKinds('admin')
  async resolve(
    @Body() body: ResolvePayoutDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ) {
    const resolved = await this.commands.execute(
      new ResolvePayoutCommand(
        user,
        body.id,
        body.status,
        body.utr,
        body.reason.trim(),
        pin,
        context,
      ),
    );
    return {
      success: true,
      message:
        resolved.by === 'rail'
          ? `The bank answered after all: the payout is ${resolved.record.status}.`
          : `The payout is marked ${resolved.record.status}.`,
      transactionRecord: resolved.record,
    };
  }
}
