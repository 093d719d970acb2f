import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
  type RawBodyRequest,
} from '@nestjs/common';
import { paiseToRupees, PgMessages, PG_METHOD_LABELS } from '@khata/domain';
import type { Request, Response } from 'express';
import { ADMIN_AREA, ForKinds, NotInLinkSession, Public } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { OneFileUpload } from '../common/http/one-file-upload.js';
import { IdempotencyKey } from '../common/http/idempotency-key.js';
import { PgLoads } from './pg-loads.js';
import { PgOrdersRepository } from './pg-orders.repository.js';
import { PgSettlements } from './pg-settlements.js';
import { pgListFilter, toPgOrderDto } from './pg.dto.js';

/** Where gateways post their webhooks; create-app keeps these paths' raw bytes. */
export const PG_WEBHOOK_PATH = '/api/pg/webhooks';

const SettlementUpload = OneFileUpload(
  'settlement',
  { fileSize: 2 * 1024 * 1024, fields: 1 },
  {
    tooLarge: 'The settlement file can be at most 2 MB.',
    oneFile: 'Send one settlement file.',
    unreadable: 'The upload could not be read.',
  },
);

interface UploadedBytes {
  buffer: Buffer;
  originalname?: string;
}

/** Wallet loads through a payment gateway (issue 28; docs/api.md "Wallet loads (PG)"). */
@Controller('pg')
export class PgController {
  constructor(
    private readonly loads: PgLoads,
    private readonly orders: PgOrdersRepository,
    private readonly settlements: PgSettlements,
  ) {}

  @Get('gateways')
  @ForKinds(...ADMIN_AREA)
  gateways() {
    return { success: true, data: this.loads.configured() };
  }

  @Get('quote')
  @ForKinds(...ADMIN_AREA)
  async quote(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const quote = await this.loads.quote(user, query);
    return {
      success: true,
      data: {
        gateway: quote.gateway,
        method: quote.method,
        methodLabel: PG_METHOD_LABELS[quote.method],
        amount: paiseToRupees(quote.amount),
        fee: paiseToRupees(quote.fee),
        gstRate: quote.gstRate / 100,
        gst: paiseToRupees(quote.gst),
        charge: paiseToRupees(quote.charge),
        credited: paiseToRupees(quote.credited),
      },
    };
  }

  @Post('orders')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async create(
    @Body() body: Record<string, unknown> | undefined,
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { order, checkoutUrl, replayed } = await this.loads.create(user, body ?? {}, key);
    if (replayed) response.setHeader('Idempotency-Hit', 'true');
    return { success: true, data: { ...toPgOrderDto(order), checkoutUrl } };
  }

  /** The tracker's list: the caller's orders; an admin's, everyone's. */
  @Get('orders')
  @ForKinds(...ADMIN_AREA)
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const filter = pgListFilter(query);
    const { rows, total } = await this.orders.list({
      ...filter,
      ...(user.kind !== 'admin' && { userId: user.userId }),
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      success: true,
      data: rows.map(toPgOrderDto),
      page: filter.page,
      pageSize: filter.pageSize,
      total,
    };
  }

  /** The browser's return from the hosted page, with the gateway's signed answer. */
  @Post('orders/callback')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async callback(@Body() body: Record<string, unknown> | undefined, @CurrentUser() user: AuthUser) {
    const order = await this.loads.callback(user, body ?? {});
    return {
      success: true,
      message: order.status === 'paid' ? undefined : PgMessages.pending,
      data: toPgOrderDto(order),
    };
  }

  @Get('orders/:id')
  @ForKinds(...ADMIN_AREA)
  async read(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return { success: true, data: toPgOrderDto(await this.loads.read(user, id)) };
  }

  @Post('orders/:id/check')
  @HttpCode(200)
  @ForKinds('admin')
  async check(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return { success: true, data: toPgOrderDto(await this.loads.askNow(user, id)) };
  }

  @Post('orders/:id/refund')
  @HttpCode(200)
  @ForKinds('admin')
  @NotInLinkSession()
  async refund(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    const order = await this.loads.refund(user, id);
    // Refunded, pending (the gateway's answer was lost), or refused (the credit put back).
    const message =
      order.status === 'refunded'
        ? PgMessages.refunded
        : order.status === 'refunding'
          ? PgMessages.refundPending
          : (order.failureReason ?? PgMessages.refunded);
    return { success: true, message, data: toPgOrderDto(order) };
  }

  /** Multipart: `gateway` and the CSV file `settlement`. */
  @Post('settlements')
  @HttpCode(200)
  @ForKinds('admin')
  @UseInterceptors(SettlementUpload)
  async settle(
    @Body() body: Record<string, unknown> | undefined,
    @UploadedFile() file: UploadedBytes | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    const s = await this.settlements.import(user, body?.['gateway'], file?.buffer);
    return {
      success: true,
      message: `Settlement ${s.settlementId} reconciled: ${s.orders} ${s.orders === 1 ? 'payment' : 'payments'}.`,
      data: {
        ...s,
        amount: paiseToRupees(s.amount),
        fee: paiseToRupees(s.fee),
        tax: paiseToRupees(s.tax),
        net: paiseToRupees(s.net),
      },
    };
  }
}

/** A gateway's webhook: no session; the HMAC over the raw body is the proof. */
@Controller('pg/webhooks')
export class PgWebhookController {
  constructor(private readonly loads: PgLoads) {}

  @Post(':gateway')
  @HttpCode(200)
  @Public()
  async receive(
    @Param('gateway') gateway: string,
    @Req() request: RawBodyRequest<Request>,
    @Headers('x-pg-signature') signature: unknown,
  ) {
    const applied = await this.loads.receiveWebhook(gateway, request.rawBody, signature);
    return { success: true, ...applied };
  }
}
