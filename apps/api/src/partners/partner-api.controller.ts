import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  isUuid,
  paiseToRupees,
  type PartnerBalanceAnswer,
  PARTNER_PAYOUT_KIND,
  type PartnerPayoutAnswer,
} from '@khata/domain';
import type { Response } from 'express';
import { GetBalancesQuery } from '../accounts/queries/get-balance.query.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { IdempotencyKey } from '../common/http/idempotency-key.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { RequestPayoutCommand } from '../payouts/commands/request-payout.command.js';
import { GetTransactionQuery } from '../transactions/queries/get-transaction.js';
import { ApiKeyScope, type KeyedRequest } from './api-key.guard.js';
import { PartnerApiMessages } from './partner-messages.js';
import { PartnerPayoutDto } from './partners.dto.js';

/**
 * The API a partner's own systems call (docs/api.md, "Partner API"): signed with an API key,
 * never a session. Payouts go through the same pipeline as the console's bank transfers.
 */
@Controller('partner/v1')
export class PartnerApiController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('payouts')
  @HttpCode(200)
  @ApiKeyScope('payouts:write')
  async payout(
    @Body() body: PartnerPayoutDto,
    @CurrentUser() partner: AuthUser,
    @Req() request: KeyedRequest,
    @IdempotencyKey() key: string,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PartnerPayoutAnswer> {
    const requested = await this.commands.execute(
      new RequestPayoutCommand(
        partner,
        PARTNER_PAYOUT_KIND,
        false,
        body,
        undefined,
        key,
        context,
        request.apiKey!.id,
      ),
    );
    if (requested.replayed) response.setHeader('Idempotency-Hit', 'true');
    return { success: true, payout: requested.record };
  }

  @Get('payouts/:id')
  @ApiKeyScope('payouts:read')
  async payoutStatus(
    @Param('id') id: string,
    @CurrentUser() partner: AuthUser,
  ): Promise<PartnerPayoutAnswer> {
    const notFound = new AppError(ErrorKind.NotFound, PartnerApiMessages.payoutNotFound);
    if (!isUuid(id)) throw notFound;
    const record = await this.queries
      .execute(new GetTransactionQuery(partner, id))
      .catch((error: unknown) => {
        throw error instanceof AppError && error.kind === ErrorKind.NotFound ? notFound : error;
      });
    if (record.type !== PARTNER_PAYOUT_KIND) throw notFound;
    return { success: true, payout: record };
  }

  @Get('balance')
  @ApiKeyScope('balance:read')
  async balance(@CurrentUser() partner: AuthUser): Promise<PartnerBalanceAnswer> {
    const { balances } = await this.queries.execute(
      new GetBalancesQuery(partner.userId, partner.kind),
    );
    return { success: true, balance: paiseToRupees(balances.wallet) };
  }
}
