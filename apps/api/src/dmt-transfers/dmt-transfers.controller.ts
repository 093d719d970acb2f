import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  DMT_DEFAULT_FAILED_CUSTOMER_MESSAGE,
  DmtTransferMessages,
  paiseToRupees,
} from '@khata/domain';
import type { Response } from 'express';
import { ADMIN_AREA, ForKinds, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { IdempotencyKey, PinHeader } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { CheckDmtTransferCommand } from './commands/check-transfer.js';
import { RefundDmtTransferCommand } from './commands/refund-transfer.js';
import { RequestRefundOtpCommand } from './commands/request-refund-otp.js';
import { RequestTransferOtpCommand } from './commands/request-transfer-otp.js';
import { ResolveDmtTransferCommand } from './commands/resolve-transfer.js';
import { SendDmtTransferCommand } from './commands/send-transfer.js';
import {
  RefundDto,
  ResolveTransferDto,
  toDmtTransferListRecord,
  toDmtTransferRecord,
  TransferDto,
  TransferIdDto,
  TransferOtpDto,
  TransfersListDto,
} from './dmt-transfers.dto.js';
import { ListDmtTransfersQuery } from './queries/list-transfers.js';

/** DMT transfers for walk-in customers (issue 25; docs/api.md "DMT transfers (issue 25)"). */
@Controller('dmt')
export class DmtTransfersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('transfer/otp')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async transferOtp(@Body() body: TransferOtpDto, @CurrentUser() user: AuthUser) {
    const sent = await this.commands.execute(new RequestTransferOtpCommand(user, body));
    return {
      success: true,
      message: DmtTransferMessages.otpSent,
      data: {
        amount: paiseToRupees(sent.amount),
        fee: paiseToRupees(sent.fee),
        total: paiseToRupees(sent.total),
        mode: sent.mode,
        expiresAt: sent.expiresAt.toISOString(),
        monthLeft: paiseToRupees(sent.monthLeft),
      },
    };
  }

  @Post('transfer')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async transfer(
    @Body() body: TransferDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const sent = await this.commands.execute(
      new SendDmtTransferCommand(user, body, pin, key, context),
    );
    if (sent.replayed) response.setHeader('Idempotency-Hit', 'true');
    return {
      success: true,
      message: DmtTransferMessages.queued,
      data: toDmtTransferRecord(sent.transfer),
    };
  }

  @Post('refund/otp')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async refundOtp(@Body() body: TransferIdDto, @CurrentUser() user: AuthUser) {
    const sent = await this.commands.execute(new RequestRefundOtpCommand(user, body.transferId));
    return {
      success: true,
      message: DmtTransferMessages.refundOtpSent,
      data: {
        amount: paiseToRupees(sent.amount),
        fee: paiseToRupees(sent.fee),
        total: paiseToRupees(sent.amount + sent.fee),
        expiresAt: sent.expiresAt.toISOString(),
      },
    };
  }

  @Post('refund')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async refund(
    @Body() body: RefundDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const refunded = await this.commands.execute(
      new RefundDmtTransferCommand(user, body.transferId, body.otp, context),
    );
    if (refunded.replayed) response.setHeader('Idempotency-Hit', 'true');
    return {
      success: true,
      message: refunded.replayed ? DmtTransferMessages.refundDone : DmtTransferMessages.refunded,
      data: toDmtTransferRecord(refunded.transfer),
    };
  }

  @Post('transfers')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async list(@Body() body: TransfersListDto, @CurrentUser() user: AuthUser) {
    const page = await this.queries.execute(new ListDmtTransfersQuery(user, body));
    return {
      success: true,
      data: page.rows.map(toDmtTransferListRecord),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
    };
  }

  @Post('transfer/check')
  @HttpCode(200)
  @ForKinds('admin')
  async check(
    @Body() body: TransferIdDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const transfer = await this.commands.execute(
      new CheckDmtTransferCommand(user, body.transferId, context),
    );
    return { success: true, data: toDmtTransferRecord(transfer) };
  }

  @Post('transfer/resolve')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  async resolve(
    @Body() body: ResolveTransferDto,
    @CurrentUser() user: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ) {
    const resolved = await this.commands.execute(
      new ResolveDmtTransferCommand({
        admin: user,
        id: body.id,
        status: body.status,
        utr: body.utr,
        reason: body.reason,
        customerMessage: body.customerMessage ?? DMT_DEFAULT_FAILED_CUSTOMER_MESSAGE,
        pin,
        context,
      }),
    );
    return {
      success: true,
      message: DmtTransferMessages.resolved(resolved.transfer.status, resolved.by),
      by: resolved.by,
      data: toDmtTransferRecord(resolved.transfer),
    };
  }
}
