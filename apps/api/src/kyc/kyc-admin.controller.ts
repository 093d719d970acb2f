import { ApiProduces } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { KycMessages, type KycDecisionAnswer, type KycQueueAnswer } from '@khata/domain';
import type { Response } from 'express';
import { ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { pageOf } from '../common/http/paging.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { DecideKycCommand } from './commands/decide-kyc.command.js';
import { toKycSubmissionRecord } from './kyc-record.js';
import { KycDecisionDto, KycQueueDto, kycQueuePaging } from './kyc.dto.js';
import { GetKycPhotoQuery } from './queries/get-kyc-photo.query.js';
import { ListKycQueueQuery } from './queries/list-kyc-queue.query.js';

/**
 * The KYC review (issue 12): admins, and employees an admin made staff, read the queue of the
 * users they see (NetworkScopes); only admins decide, with their PIN.
 */
@Controller('admin')
export class KycAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('kycQueue')
  @HttpCode(200)
  @ForKinds('admin', 'employee1', 'employee2')
  async queue(@Body() body: KycQueueDto, @CurrentUser() user: AuthUser): Promise<KycQueueAnswer> {
    const { page, pageSize } = pageOf(body, kycQueuePaging);
    const { rows, total } = await this.queries.execute(
      new ListKycQueueQuery(user, body.state, page, pageSize),
    );
    return { success: true, data: rows.map(toKycSubmissionRecord), total };
  }

  @Post('kycDecision')
  @HttpCode(200)
  @ForKinds('admin')
  async decide(
    @Body() body: KycDecisionDto,
    @PinHeader() pin: unknown,
    @CurrentUser() user: AuthUser,
    @Context() context: RequestContext,
  ): Promise<KycDecisionAnswer> {
    const entry = await this.commands.execute(
      new DecideKycCommand(user, body.id, body.action, body.reason, pin, context),
    );
    return {
      success: true,
      message: body.action === 'approve' ? KycMessages.approved : KycMessages.rejected,
      submission: toKycSubmissionRecord(entry),
    };
  }

  /** The shop photo, for the reviewer only: never cached, never sniffed into another type. */
  @Get('kycPhoto/:id')
  @ForKinds('admin', 'employee1', 'employee2')
  @ApiProduces('image/*')
  async photo(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { bytes, contentType } = await this.queries.execute(new GetKycPhotoQuery(user, id));
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(bytes, { type: contentType, length: bytes.length });
  }
}
