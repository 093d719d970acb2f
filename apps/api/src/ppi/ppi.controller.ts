import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PpiSenderAnswer } from '@khata/domain';
import { ADMIN_AREA, ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { RemitterLookupDto } from '../dmt/dmt.dto.js';
import { LookUpPpiSenderQuery } from './queries/look-up-sender.js';

/**
 * PPI senders (issue 25; docs/api.md "PPI money transfer (issue 25)"). The transfer routes
 * under /api/ppi are DMT's, for the PPI product (dmt-transfers.controller.ts).
 */
@Controller('ppi')
export class PpiController {
  constructor(private readonly queries: QueryBus) {}

  @Post('sender')
  @HttpCode(200)
  @ForKinds(...ADMIN_AREA)
  sender(@Body() body: RemitterLookupDto, @CurrentUser() user: AuthUser): Promise<PpiSenderAnswer> {
    return this.queries.execute(new LookUpPpiSenderQuery(user, body.mobile));
  }
}
