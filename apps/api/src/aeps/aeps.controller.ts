import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { AepsMessages } from '@khata/domain';
import type { Response } from 'express';
import { ADMIN_AREA, ForKinds, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { IdempotencyKey } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { AepsCounter } from './aeps-counter.js';
import {
  AepsTransactionDto,
  AgentDailyAuthDto,
  AgentRegisterDto,
  toAepsRecord,
} from './aeps.dto.js';

/** AEPS at the counter (issue 26; docs/api.md "AEPS at the counter (issue 26)"). */
@Controller('aeps')
export class AepsController {
  constructor(
    private readonly counter: AepsCounter,
    private readonly clock: Clock,
  ) {}

  @Get('status')
  @ForKinds(...ADMIN_AREA)
  async status(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.counter.status(user) };
  }

  @Post('agent/register')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async register(@Body() body: AgentRegisterDto, @CurrentUser() user: AuthUser) {
    await this.counter.register(user, body);
    return {
      success: true,
      message: 'You are registered for AEPS.',
      data: await this.counter.status(user),
    };
  }

  @Post('agent/daily-auth')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async dailyAuth(@Body() body: AgentDailyAuthDto, @CurrentUser() user: AuthUser) {
    await this.counter.dailyAuth(user, body);
    return {
      success: true,
      message: 'Authenticated for today. You can serve cash withdrawals.',
      data: await this.counter.status(user),
    };
  }

  @Post('transactions')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async transact(
    @Body() body: AepsTransactionDto,
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { txn, replayed } = await this.counter.transact(
      user,
      body as Record<string, unknown>,
      key,
      context,
    );
    if (replayed) response.setHeader('Idempotency-Hit', 'true');
    return {
      success: true,
      message: messageOf(txn.status, txn.message),
      data: toAepsRecord(txn, this.clock.now()),
    };
  }

  @Get('transactions')
  @ForKinds(...ADMIN_AREA)
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const page = await this.counter.list(user, query);
    const now = this.clock.now();
    return {
      success: true,
      data: page.rows.map((row) => toAepsRecord(row, now)),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
    };
  }

  @Get('transactions/:id')
  @ForKinds(...ADMIN_AREA)
  async one(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return {
      success: true,
      data: toAepsRecord(await this.counter.get(user, id), this.clock.now()),
    };
  }

  @Post('transactions/:id/check')
  @HttpCode(200)
  @ForKinds('admin')
  async check(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return {
      success: true,
      data: toAepsRecord(await this.counter.check(user, id), this.clock.now()),
    };
  }
}

function messageOf(status: string, message: string | null): string {
  switch (status) {
    case 'processed':
      return 'Done.';
    case 'failed':
      return message ?? 'The bank did not complete this transaction.';
    default:
      return AepsMessages.pending;
  }
}
