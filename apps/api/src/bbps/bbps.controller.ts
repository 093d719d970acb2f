import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { BbpsMessages } from '@khata/domain';
import type { Request, Response } from 'express';
import { ADMIN_AREA, ForKinds, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { IdempotencyKey } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { CsvStreamer } from '../reports/csv-stream.js';
import { BbpsCounter } from './bbps-counter.js';
import { BbpsReport } from './bbps-report.js';
import { BbpsFetchDto, BbpsPayDto, toBillerDto, toFetchDto, toPaymentDto } from './bbps.dto.js';

/** Bill payments through Bharat BillPay (issue 27; docs/api.md "Bill payments (BBPS)"). */
@Controller('bbps')
export class BbpsController {
  constructor(
    private readonly counter: BbpsCounter,
    private readonly report: BbpsReport,
    private readonly csvStreamer: CsvStreamer,
  ) {}

  @Get('categories')
  @ForKinds(...ADMIN_AREA)
  async categories(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.counter.categories(user) };
  }

  @Get('billers')
  @ForKinds(...ADMIN_AREA)
  async billers(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { success: true, data: (await this.counter.billers(user, query)).map(toBillerDto) };
  }

  @Get('billers/:id')
  @ForKinds(...ADMIN_AREA)
  async biller(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return { success: true, data: toBillerDto(await this.counter.biller(user, id)) };
  }

  @Post('bills/fetch')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async fetch(
    @Body() body: BbpsFetchDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const fetched = await this.counter.fetch(user, body, context);
    const biller = await this.counter.biller(user, fetched.billerId);
    return { success: true, data: toFetchDto(fetched, biller.exactness) };
  }

  @Get('quote')
  @ForKinds(...ADMIN_AREA)
  async quote(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { success: true, data: await this.counter.quote(user, query) };
  }

  @Post('payments')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async pay(
    @Body() body: BbpsPayDto,
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { payment, replayed } = await this.counter.pay(
      user,
      body as Record<string, unknown>,
      key,
      context,
    );
    if (replayed) response.setHeader('Idempotency-Hit', 'true');
    return {
      success: true,
      message: messageOf(payment.status, payment.message),
      data: toPaymentDto((await this.counter.get(user, payment.id)) ?? payment),
    };
  }

  @Get('payments')
  @ForKinds(...ADMIN_AREA)
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const page = await this.report.page(user, query);
    return {
      success: true,
      data: page.rows.map(toPaymentDto),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      totals: {
        count: page.totals.count,
        amount: page.totals.amount / 100,
        ccf: page.totals.ccf / 100,
        commission: page.totals.commission / 100,
      },
    };
  }

  /**
   * The report's whole filtered set as CSV (the page's filters), streamed through a cursor.
   * Declared before `payments/:id`, which would otherwise take `payments.csv` as an id.
   */
  @Get('payments.csv')
  @ForKinds(...ADMIN_AREA)
  @ApiProduces('text/csv')
  async csv(
    @Query() query: Record<string, unknown>,
    @CurrentUser() user: AuthUser,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.csvStreamer.send(request, response, await this.report.csv(user, query));
  }

  @Get('payments/:id')
  @ForKinds(...ADMIN_AREA)
  async one(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return { success: true, data: toPaymentDto(await this.counter.get(user, id)) };
  }

  @Post('payments/:id/check')
  @HttpCode(200)
  @ForKinds('admin')
  async check(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return { success: true, data: toPaymentDto(await this.counter.check(user, id)) };
  }
}

function messageOf(status: string, message: string | null): string {
  switch (status) {
    case 'processed':
      return 'Bill paid.';
    case 'failed':
      return (
        message ?? 'Bharat BillPay did not take this payment. The money is back in your wallet.'
      );
    default:
      return BbpsMessages.pending;
  }
}
