import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CommissionMessages,
  profitRecord,
  profitTotal,
  roleKind,
  roleLabel,
  taxRateRecord,
  type EarnersWithoutPanAnswer,
  type MessageAnswer,
  type ProfitAnswer,
  type SchemeAssignmentsAnswer,
  type SchemeSavedAnswer,
  type SchemesAnswer,
  type TaxRateAddedAnswer,
  type TaxRatesAnswer,
} from '@khata/domain';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import { ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { defuse } from '../reports/csv-stream.js';
import {
  PayoutRatesDto,
  ProfitDto,
  SchemeAssignDto,
  SchemeDefaultDto,
  SchemeDto,
  TaxRateDto,
  UserIdDto,
} from './commissions.dto.js';
import { AddTaxRateCommand } from './commands/add-tax-rate.js';
import { AssignSchemeCommand } from './commands/assign-scheme.js';
import { SaveSchemeCommand } from './commands/save-scheme.js';
import { SetDefaultSchemeCommand } from './commands/set-default-scheme.js';
import { SetPayoutRatesCommand } from './commands/set-payout-rates.js';
import {
  GetProfitQuery,
  GetSchemeAssignmentsQuery,
  ListEarnersWithoutPanQuery,
  ListSchemesQuery,
  ListTaxRatesQuery,
} from './queries/commission-queries.js';

const EARNERS = ['admin', 'sdistributor', 'coDistributor', 'distributor'] as const;

/**
 * Commission schemes, tax rates (/admin/tax-rate) and My profit (/admin/myProfit), issue 13;
 * the wire is libs/domain/src/contract/commissions.ts, the rules libs/domain (issue 24).
 */
@Controller('admin')
export class CommissionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('commissionSchemes')
  @HttpCode(200)
  @ForKinds('admin')
  async schemes(): Promise<SchemesAnswer> {
    return { success: true, data: await this.queries.execute(new ListSchemesQuery()) };
  }

  /** Issue 23: the earning uplines with no PAN on file (TDS at the no-PAN rate). */
  @Post('commissionEarnersWithoutPan')
  @HttpCode(200)
  @ForKinds('admin')
  async earnersWithoutPan(): Promise<EarnersWithoutPanAnswer> {
    return { success: true, data: await this.queries.execute(new ListEarnersWithoutPanQuery()) };
  }

  @Post('commissionScheme')
  @HttpCode(200)
  @ForKinds('admin')
  async save(
    @Body() body: SchemeDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<SchemeSavedAnswer> {
    const saved = await this.commands.execute(new SaveSchemeCommand(user, { ...body }, context));
    const scheme = { ...saved, updatedAt: saved.updatedAt.toISOString() };
    return { success: true, message: CommissionMessages.schemeSaved, scheme };
  }

  @Post('commissionSchemeDefault')
  @HttpCode(200)
  @ForKinds('admin')
  async setDefault(
    @Body() body: SchemeDefaultDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(new SetDefaultSchemeCommand(user, body, context));
    return { success: true, message: CommissionMessages.schemeSaved };
  }

  @Post('commissionSchemeAssign')
  @HttpCode(200)
  @ForKinds('admin')
  async assign(
    @Body() body: SchemeAssignDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<MessageAnswer> {
    await this.commands.execute(new AssignSchemeCommand(user, body, context));
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
  ): Promise<MessageAnswer> {
    await this.commands.execute(new SetPayoutRatesCommand(user, body, context));
    return { success: true, message: CommissionMessages.payoutRatesSaved };
  }

  @Post('commissionSchemeAssignments')
  @HttpCode(200)
  @ForKinds('admin')
  async assignments(
    @Body() body: UserIdDto,
    @CurrentUser() user: AuthUser,
  ): Promise<SchemeAssignmentsAnswer> {
    const data = await this.queries.execute(new GetSchemeAssignmentsQuery(user, body.userId));
    return { success: true, data };
  }

  @Post('taxRates')
  @HttpCode(200)
  @ForKinds('admin')
  async taxRates(): Promise<TaxRatesAnswer> {
    return { success: true, data: await this.queries.execute(new ListTaxRatesQuery()) };
  }

  @Post('taxRate')
  @HttpCode(200)
  @ForKinds('admin')
  async addTaxRate(
    @Body() body: TaxRateDto,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<TaxRateAddedAnswer> {
    const row = await this.commands.execute(new AddTaxRateCommand(user, body, context));
    return {
      success: true,
      message: CommissionMessages.taxRateAdded,
      taxRate: taxRateRecord(row),
    };
  }

  @Post('myProfit')
  @HttpCode(200)
  @ForKinds(...EARNERS)
  async profit(@Body() body: ProfitDto, @CurrentUser() user: AuthUser): Promise<ProfitAnswer> {
    const lines = await this.queries.execute(new GetProfitQuery(user, body));
    return { success: true, data: lines.map(profitRecord), total: profitTotal(lines) };
  }

  /** My profit as CSV (csv-stringify, cells defused as All Users does). */
  @Post('myProfit/csv')
  @HttpCode(200)
  @ForKinds(...EARNERS)
  @ApiProduces('text/csv')
  async profitCsv(
    @Body() body: ProfitDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const rows = (await this.queries.execute(new GetProfitQuery(user, body))).map(profitRecord);
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
