import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommissionMessages, paiseToRupees, roleKind, roleLabel } from '@khata/domain';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import { Allow } from 'class-validator';
import { ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { defuse } from '../reports/csv-stream.js';
import type { ProfitRow } from './commissions.repository.js';
import { CommissionsService } from './commissions.service.js';

// The bodies are checked by libs/domain's rules in CommissionsService (one message each).
export class SchemeDto {
  @Allow() id?: unknown;
  @Allow() name?: unknown;
  @Allow() service?: unknown;
  @Allow() slabs?: unknown;
}
export class SchemeDefaultDto {
  @Allow() roleKind?: unknown;
  @Allow() schemeId?: unknown;
}
export class SchemeAssignDto {
  @Allow() userId?: unknown;
  @Allow() mobile?: unknown;
  @Allow() service?: unknown;
  @Allow() schemeId?: unknown;
}
export class PayoutRatesDto {
  @Allow() userId?: unknown;
  @Allow() mobile?: unknown;
  @Allow() payout?: unknown;
}
export class UserIdDto {
  @Allow() userId?: unknown;
}
export class TaxRateDto {
  @Allow() kind?: unknown;
  @Allow() rate?: unknown;
  @Allow() effectiveFrom?: unknown;
}
export class ProfitDto {
  @Allow() from?: unknown;
  @Allow() to?: unknown;
  @Allow() groupBy?: unknown;
  @Allow() earnerId?: unknown;
}

const EARNERS = ['admin', 'sdistributor', 'coDistributor', 'distributor'] as const;

function profitRecord(row: ProfitRow) {
  return {
    period: row.period,
    userId: row.userId,
    name: row.name,
    mobile: row.mobile,
    role: row.role,
    gross: paiseToRupees(row.gross),
    tds: paiseToRupees(row.tds),
    net: paiseToRupees(row.net),
    count: row.count,
  };
}

/** Commission schemes, tax rates (/admin/tax-rate) and My profit (/admin/myProfit), issue 13. */
@Controller('admin')
export class CommissionsController {
  constructor(private readonly commissions: CommissionsService) {}

  @Post('commissionSchemes')
  @HttpCode(200)
  @ForKinds('admin')
  async schemes() {
    return { success: true, data: await this.commissions.schemes() };
  }

  /** Issue 23: the earning uplines with no PAN on file (TDS at the no-PAN rate). */
  @Post('commissionEarnersWithoutPan')
  @HttpCode(200)
  @ForKinds('admin')
  async earnersWithoutPan() {
    return { success: true, data: await this.commissions.earnersWithoutPan() };
  }

  @Post('commissionScheme')
  @HttpCode(200)
  @ForKinds('admin')
  async save(
    @Body() body: SchemeDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const scheme = await this.commissions.saveScheme(user, { ...body }, context);
    return { success: true, message: CommissionMessages.schemeSaved, scheme };
  }

  @Post('commissionSchemeDefault')
  @HttpCode(200)
  @ForKinds('admin')
  async setDefault(
    @Body() body: SchemeDefaultDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    await this.commissions.setDefault(user, body, context);
    return { success: true, message: CommissionMessages.schemeSaved };
  }

  @Post('commissionSchemeAssign')
  @HttpCode(200)
  @ForKinds('admin')
  async assign(
    @Body() body: SchemeAssignDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    await this.commissions.assign(user, body, context);
    return { success: true, message: CommissionMessages.schemeAssigned };
  }

  /** A user's own payout fees (serviceRates.payout): the retailer's side of the payout scheme. */
  @Post('commissionUserRates')
  @HttpCode(200)
  @ForKinds('admin')
  async userRates(
    @Body() body: PayoutRatesDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    await this.commissions.setPayoutRates(user, body, context);
    return { success: true, message: CommissionMessages.payoutRatesSaved };
  }

  @Post('commissionSchemeAssignments')
  @HttpCode(200)
  @ForKinds('admin')
  async assignments(@Body() body: UserIdDto, @CurrentUser() user: AuthUser) {
    return { success: true, data: await this.commissions.assignmentsOf(user, body.userId) };
  }

  @Post('taxRates')
  @HttpCode(200)
  @ForKinds('admin')
  async taxRates() {
    const rows = await this.commissions.taxRates();
    return { success: true, data: rows.map((row) => ({ ...row, rate: row.rate / 100 })) };
  }

  @Post('taxRate')
  @HttpCode(200)
  @ForKinds('admin')
  async addTaxRate(
    @Body() body: TaxRateDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ) {
    const row = await this.commissions.addTaxRate(user, body, context);
    return {
      success: true,
      message: CommissionMessages.taxRateAdded,
      taxRate: { ...row, rate: row.rate / 100 },
    };
  }

  @Post('myProfit')
  @HttpCode(200)
  @ForKinds(...EARNERS)
  async profit(@Body() body: ProfitDto, @CurrentUser() user: AuthUser) {
    const rows = await this.commissions.profit(user, body);
    const total = rows.reduce(
      (sum, row) => ({
        gross: sum.gross + row.gross,
        tds: sum.tds + row.tds,
        net: sum.net + row.net,
      }),
      { gross: 0, tds: 0, net: 0 },
    );
    return {
      success: true,
      data: rows.map(profitRecord),
      total: {
        gross: paiseToRupees(total.gross),
        tds: paiseToRupees(total.tds),
        net: paiseToRupees(total.net),
      },
    };
  }

  /** My profit as CSV (csv-stringify, cells defused as All Users does). */
  @Post('myProfit/csv')
  @HttpCode(200)
  @ForKinds(...EARNERS)
  async profitCsv(
    @Body() body: ProfitDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const rows = (await this.commissions.profit(user, body)).map(profitRecord);
    const header = [
      'Period',
      'Name',
      'Mobile',
      'Role',
      'Payments',
      'Gross (INR)',
      'TDS (INR)',
      'Net (INR)',
    ];
    const records = rows.map((row) =>
      [
        row.period,
        row.name,
        row.mobile,
        // As the screens say it (issue 23); earners are distributor tiers, whose roles are fixed.
        roleLabel(roleKind(row.role), row.role),
        String(row.count),
        row.gross.toFixed(2),
        row.tds.toFixed(2),
        row.net.toFixed(2),
      ].map((cell) => defuse(cell)),
    );
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="my-profit.csv"');
    return `\uFEFF${stringify([header, ...records], { record_delimiter: '\r\n' })}`;
  }
}
