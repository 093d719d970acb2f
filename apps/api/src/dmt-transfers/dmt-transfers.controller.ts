import { Body, Controller, HttpCode, Injectable, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  DMT_DEFAULT_FAILED_CUSTOMER_MESSAGE,
  DmtTransferMessages,
  paiseToRupees,
  type TransferProduct,
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

/**
 * The routes a shop sends and refunds transfers of one product with (DMT at /api/dmt, PPI at
 * /api/ppi; docs/api.md): one set of handlers, the product passed through.
 */
function customerTransferRoutes(product: TransferProduct) {
  // Injectable so its constructor's parameter types are emitted for the controllers below.
  @Injectable()
  class CustomerTransferRoutes {
    constructor(
      readonly commands: CommandBus,
      readonly queries: QueryBus,
    ) {}

    @Post('transfer/otp')
    @HttpCode(200)
    @ForKinds(...ADMIN_AREA)
    @NotInLinkSession()
    async transferOtp(@Body() body: TransferOtpDto, @CurrentUser() user: AuthUser) {
      const sent = await this.commands.execute(new RequestTransferOtpCommand(user, body, product));
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
        new SendDmtTransferCommand(user, body, pin, key, context, product),
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
      const sent = await this.commands.execute(
        new RequestRefundOtpCommand(user, body.transferId, product),
      );
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
        new RefundDmtTransferCommand(user, body.transferId, body.otp, context, product),
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
      const page = await this.queries.execute(new ListDmtTransfersQuery(user, body, product));
      return {
        success: true,
        data: page.rows.map(toDmtTransferListRecord),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
      };
    }
  }
  return CustomerTransferRoutes;
}

/** PPI money transfers (issue 25; docs/api.md "PPI money transfer (issue 25)"). */
@Controller('ppi')
export class PpiTransfersController extends customerTransferRoutes('ppi') {}

/**
 * DMT transfers for walk-in customers (issue 25; docs/api.md "DMT transfers (issue 25)"), and
 * the admin's check and hand resolution of any transfer, DMT or PPI, by its id.
 */
@Controller('dmt')
export class DmtTransfersController extends customerTransferRoutes('dmt') {
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
