import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ADMIN_AREA, ForKinds, NotInLinkSession, Public } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { IdempotencyKey } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { RentDesk } from './rent-desk.js';
import { toAgreementDto, toDetailsDto, toQuoteDto } from './rent.dto.js';

/** Rent agreements (issue 28; docs/api.md "Rent agreements"). */
@Controller('rent-agreements')
export class RentController {
  constructor(private readonly desk: RentDesk) {}

  @Post('quote')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  async quote(@Body() body: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return { success: true, data: toQuoteDto(await this.desk.quote(user, body ?? {})) };
  }

  @Post()
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async create(@Body() body: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    return {
      success: true,
      message: 'Draft saved.',
      data: toDetailsDto(await this.desk.create(user, body)),
    };
  }

  @Get()
  @ForKinds(...ADMIN_AREA)
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const page = await this.desk.list(user, query);
    return {
      success: true,
      data: page.rows.map(toAgreementDto),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
    };
  }

  @Get(':id')
  @ForKinds(...ADMIN_AREA)
  async one(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return { success: true, data: toDetailsDto(await this.desk.details(user, id)) };
  }

  @Get(':id/pdf')
  @ForKinds(...ADMIN_AREA)
  @ApiProduces('application/pdf')
  async pdf(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { pdf, filename } = await this.desk.pdf(user, id);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    response.setHeader('Cache-Control', 'no-store');
    response.end(pdf);
  }

  @Post(':id/pay')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async pay(
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { details, replayed } = await this.desk.pay(user, id, body ?? {}, key, context);
    if (replayed) response.setHeader('Idempotency-Hit', 'true');
    return {
      success: true,
      message:
        details.agreement.status === 'paid'
          ? 'Paid. The e-stamp could not be bought yet: try again from the agreement.'
          : 'Paid, stamped and sent for signing.',
      data: toDetailsDto(details),
    };
  }

  @Post(':id/stamp')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async stamp(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return { success: true, data: toDetailsDto(await this.desk.stamp(user, id)) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async cancel(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const details = await this.desk.cancel(user, id, context);
    return {
      success: true,
      message: details.agreement.refunded
        ? 'Cancelled. The stamp duty and service charge are back in your wallet.'
        : 'Cancelled.',
      data: toDetailsDto(details),
    };
  }

  @Post(':id/parties/:partyId/otp')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async otp(
    @Param('id') id: string,
    @Param('partyId') partyId: string,
    @CurrentUser() user: AuthUser,
  ) {
    const sent = await this.desk.sendOtp(user, id, partyId);
    return { success: true, message: 'OTP sent to the party’s mobile.', data: sent };
  }

  @Post(':id/parties/:partyId/sign')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  @NotInLinkSession()
  async sign(
    @Param('id') id: string,
    @Param('partyId') partyId: string,
    @Body() body: Record<string, unknown>,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const details = await this.desk.sign(user, id, partyId, body ?? {}, context);
    return {
      success: true,
      message:
        details.agreement.status === 'completed'
          ? 'Signed by every party. The signed agreement is ready.'
          : 'Signed.',
      data: toDetailsDto(details),
    };
  }
}

/** The public side: prices by state and tracking (no sign-in). */
@Controller('public/rent-agreements')
export class RentPublicController {
  constructor(private readonly desk: RentDesk) {}

  @Get('prices')
  @Public()
  prices() {
    return { success: true, data: this.desk.prices() };
  }

  @Get('track')
  @Public()
  async track(@Query() query: Record<string, unknown>, @Context() context: RequestContext) {
    return { success: true, data: await this.desk.track(query, context.ip ?? 'unknown') };
  }
}
