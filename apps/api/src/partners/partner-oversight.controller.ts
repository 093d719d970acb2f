import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ApiKeyListAnswer,
  type ApiKeySummary,
  type Ok,
  type RedeliverWebhookAnswer,
  type WebhookDeliveriesAnswer,
} from '@khata/domain';
import { ForKinds } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { pageOf } from '../common/http/paging.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { RedeliverWebhookCommand } from './commands/redeliver-webhook.command.js';
import { RevokeApiKeyCommand } from './commands/revoke-api-key.command.js';
import {
  AdminPartnerDeliveriesDto,
  AdminPartnerDto,
  AdminRedeliverWebhookDto,
  AdminRevokeApiKeyDto,
  deliveriesPaging,
} from './partner-deliveries.dto.js';
import { ListApiKeysQuery } from './queries/list-api-keys.js';
import { ListWebhookDeliveriesQuery } from './queries/list-webhook-deliveries.js';
import { MustBePartnerQuery } from './queries/must-be-partner.js';

/**
 * Issue 23: an admin's view of one partner (from its User details): its API keys, with revoke
 * (the admin's PIN), and its webhook deliveries, with redeliver. Admins only: partners are
 * made by admins and sit in no distributor's network. Anyone not a partner is a 404.
 */
@Controller('admin')
export class PartnerOversightController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('partnerApiKeys')
  @HttpCode(200)
  @ForKinds('admin')
  async apiKeys(@Body() body: AdminPartnerDto): Promise<ApiKeyListAnswer> {
    await this.mustBePartner(body.partnerId);
    return {
      success: true,
      data: await this.queries.execute(new ListApiKeysQuery(body.partnerId)),
    };
  }

  @Post('partnerApiKeys/revoke')
  @HttpCode(200)
  @ForKinds('admin')
  async revokeApiKey(
    @Body() body: AdminRevokeApiKeyDto,
    @CurrentUser() admin: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ): Promise<Ok & { key: ApiKeySummary }> {
    await this.mustBePartner(body.partnerId);
    const key = await this.commands.execute(
      new RevokeApiKeyCommand(admin, body.partnerId, body.id, pin, context),
    );
    return { success: true, key };
  }

  @Post('partnerWebhookDeliveries')
  @HttpCode(200)
  @ForKinds('admin')
  async webhookDeliveries(
    @Body() body: AdminPartnerDeliveriesDto,
  ): Promise<WebhookDeliveriesAnswer> {
    await this.mustBePartner(body.partnerId);
    const { page, pageSize } = pageOf(body, deliveriesPaging);
    const { rows, total } = await this.queries.execute(
      new ListWebhookDeliveriesQuery(body.partnerId, page, pageSize),
    );
    return { success: true, data: rows, total, page, pageSize };
  }

  @Post('partnerWebhookDeliveries/redeliver')
  @HttpCode(200)
  @ForKinds('admin')
  async redeliver(
    @Body() body: AdminRedeliverWebhookDto,
    @CurrentUser() admin: AuthUser,
    @Context() context: RequestContext,
  ): Promise<RedeliverWebhookAnswer> {
    await this.mustBePartner(body.partnerId);
    const delivery = await this.commands.execute(
      new RedeliverWebhookCommand(admin, body.partnerId, body.eventId, context),
    );
    return { success: true, delivery };
  }

  private mustBePartner(partnerId: string): Promise<void> {
    return this.queries.execute(new MustBePartnerQuery(partnerId));
  }
}
