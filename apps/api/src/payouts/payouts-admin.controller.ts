import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  DEFAULT_FAILED_CUSTOMER_MESSAGE,
  type PayCompensationAnswer,
  type PaymentOperationsAnswer,
} from '@khata/domain';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AepsReversalsQuery } from '../aeps/queries/aeps-reversals.query.js';
import { ForKinds, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { valueOf } from '../common/http/value-of.js';
import { CheckPayoutCommand } from './commands/check-payout.command.js';
import { PayCompensationCommand } from './commands/pay-compensation.command.js';
import { ResolvePayoutCommand } from './commands/resolve-payout.command.js';
import {
  PaymentOperationsDto,
  PayoutIdDto,
  ResolvePayoutDto,
  StuckPayoutsDto,
  stuckPaging,
} from './payouts.dto.js';
import { PaymentOperationsQuery } from './queries/payment-operations.query.js';
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
        valueOf(stuckPaging.checkPageSize(body.limit)),
      ),
    );
    return { success: true, data };
  }

  /**
   * Issue 14, Payment Operations: what needs someone (still at the bank, or returned after
   * T + 1), with the regulator's clock, deadline first; and (issue 26) the AEPS withdrawals
   * a customer's bank debited but failed, with RBI's T + 5 reversal clock, in a section of
   * their own whatever the filters (Khata pays nothing on them).
   */
  @Post('operations')
  @HttpCode(200)
  @ForKinds('admin')
  async operations(@Body() body: PaymentOperationsDto): Promise<PaymentOperationsAnswer> {
    const now = this.clock.now();
    const data = await this.queries.execute(
      new PaymentOperationsQuery(now, body.olderThanMinutes ?? 10, body.kind ?? null),
    );
    const aepsReversals = await this.queries.execute(new AepsReversalsQuery(now));
    // What is still owed: a paid compensation is shown on its row, not counted.
    const overdue = data.filter((row) => row.daysLate > 0 && !row.compensationPaid);
    return {
      success: true,
      data,
      now: now.toISOString(),
      totals: {
        open: data.filter((row) => row.state === 'open').length,
        overdue: overdue.length,
        compensation: overdue.reduce((sum, row) => sum + row.compensation, 0),
      },
      aepsReversals,
    };
  }

  /** Pays a late return's compensation into the owner's wallet, once (PIN; audited). */
  @Post('payCompensation')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  async payCompensation(
    @Body() body: PayoutIdDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ): Promise<PayCompensationAnswer> {
    const paid = await this.commands.execute(
      new PayCompensationCommand(user, body.id, pin, context),
    );
    return {
      success: true,
      message: `Compensation of ₹${paid.amount} paid into the customer's wallet.`,
      compensationPaid: paid,
    };
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
  @NotInLinkSession()
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
        body.reason,
        body.customerMessage ?? DEFAULT_FAILED_CUSTOMER_MESSAGE,
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
