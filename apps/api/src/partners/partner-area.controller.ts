import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  PartnerMessages,
  type ApiKeyListAnswer,
  type ApiKeyOtpAnswer,
  type ApiKeySummary,
  type CreatedApiKeyAnswer,
  type Ok,
  type PartnerWebhookAnswer,
  type RedeliverWebhookAnswer,
  type WebhookDeliveriesAnswer,
} from '@khata/domain';
import { ForKinds, NotInLinkSession } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { PinHeader } from '../common/http/idempotency-key.js';
import { pageOf } from '../common/http/paging.js';
import { Context, type RequestContext } from '../common/http/request-context.js';
import { CreateApiKeyCommand } from './commands/create-api-key.command.js';
import { RevokeApiKeyCommand } from './commands/revoke-api-key.command.js';
import { SendApiKeyOtpCommand } from './commands/send-api-key-otp.command.js';
import {
  RotateWebhookSecretCommand,
  SetWebhookCommand,
  type WebhookChanged,
} from './commands/set-webhook.command.js';
import { RedeliverWebhookCommand } from './commands/redeliver-webhook.command.js';
import {
  deliveriesPaging,
  RedeliverWebhookDto,
  WebhookDeliveriesDto,
} from './partner-deliveries.dto.js';
import { ApiKeyOtpDto, CreateApiKeyDto, RevokeApiKeyDto, SetWebhookDto } from './partners.dto.js';
import { GetWebhookQuery } from './queries/get-webhook.js';
import { ListApiKeysQuery } from './queries/list-api-keys.js';
import { ListWebhookDeliveriesQuery } from './queries/list-webhook-deliveries.js';

/**
 * The signed-in partner's own area (/partner/dashboard): its API keys, its webhook and the
 * events delivered to it.
 */
@Controller('partner')
export class PartnerAreaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('apiKeys')
  @HttpCode(200)
  @ForKinds('partner')
  async apiKeys(@CurrentUser() partner: AuthUser): Promise<ApiKeyListAnswer> {
    return {
      success: true,
      data: await this.queries.execute(new ListApiKeysQuery(partner.userId)),
    };
  }

  /**
   * Issue 31, step-up: the OTP that approves this key (its name and scopes) goes to the partner's
   * registered mobile. No key widens its scopes later: more scopes means a new key, so this is
   * the one way to more power.
   */
  @Post('apiKeys/createOtp')
  @HttpCode(200)
  @ForKinds('partner')
  @NotInLinkSession()
  async createApiKeyOtp(
    @Body() body: ApiKeyOtpDto,
    @CurrentUser() partner: AuthUser,
    @Context() context: RequestContext,
  ): Promise<ApiKeyOtpAnswer> {
    const { referenceKey } = await this.commands.execute(
      new SendApiKeyOtpCommand(partner, body.name, body.scopes, context),
    );
    return { success: true, referenceKey, message: PartnerMessages.keyOtpSent(partner.mobile) };
  }

  /** With the PIN and that OTP. The secret is in this answer and nowhere else, ever. */
  @Post('apiKeys/create')
  @HttpCode(200)
  @ForKinds('partner')
  @NotInLinkSession()
  async createApiKey(
    @Body() body: CreateApiKeyDto,
    @CurrentUser() partner: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ): Promise<CreatedApiKeyAnswer> {
    const created = await this.commands.execute(
      new CreateApiKeyCommand(partner, body.referenceKey, body.otp, pin, context),
    );
    return { success: true, ...created };
  }

  @Post('apiKeys/revoke')
  @HttpCode(200)
  @ForKinds('partner')
  async revokeApiKey(
    @Body() body: RevokeApiKeyDto,
    @CurrentUser() partner: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ): Promise<Ok & { key: ApiKeySummary }> {
    const key = await this.commands.execute(
      new RevokeApiKeyCommand(partner, partner.userId, body.id, pin, context),
    );
    return { success: true, key };
  }

  @Post('webhook/current')
  @HttpCode(200)
  @ForKinds('partner')
  async webhook(@CurrentUser() partner: AuthUser): Promise<PartnerWebhookAnswer> {
    return {
      success: true,
      webhook: await this.queries.execute(new GetWebhookQuery(partner.userId)),
    };
  }

  @Post('webhook')
  @HttpCode(200)
  @ForKinds('partner')
  async setWebhook(
    @Body() body: SetWebhookDto,
    @CurrentUser() partner: AuthUser,
    @Context() context: RequestContext,
  ): Promise<PartnerWebhookAnswer> {
    return answer(await this.commands.execute(new SetWebhookCommand(partner, body.url, context)));
  }

  @Post('webhook/rotateSecret')
  @HttpCode(200)
  @ForKinds('partner')
  async rotateSecret(
    @CurrentUser() partner: AuthUser,
    @PinHeader() pin: unknown,
    @Context() context: RequestContext,
  ): Promise<PartnerWebhookAnswer> {
    return answer(
      await this.commands.execute(new RotateWebhookSecretCommand(partner, pin, context)),
    );
  }

  /** Issue 23: its webhook events, newest first, one page. */
  @Post('webhookDeliveries')
  @HttpCode(200)
  @ForKinds('partner')
  async webhookDeliveries(
    @Body() body: WebhookDeliveriesDto,
    @CurrentUser() partner: AuthUser,
  ): Promise<WebhookDeliveriesAnswer> {
    const { page, pageSize } = pageOf(body, deliveriesPaging);
    const { rows, total } = await this.queries.execute(
      new ListWebhookDeliveriesQuery(partner.userId, page, pageSize),
    );
    return { success: true, data: rows, total, page, pageSize };
  }

  /** Issue 23: a failed event of its own, sent again as it was (same payload, same id). */
  @Post('webhookDeliveries/redeliver')
  @HttpCode(200)
  @ForKinds('partner')
  async redeliver(
    @Body() body: RedeliverWebhookDto,
    @CurrentUser() partner: AuthUser,
    @Context() context: RequestContext,
  ): Promise<RedeliverWebhookAnswer> {
    const delivery = await this.commands.execute(
      new RedeliverWebhookCommand(partner, partner.userId, body.eventId, context),
    );
    return { success: true, delivery };
  }
}

function answer(changed: WebhookChanged): PartnerWebhookAnswer {
  return { success: true, ...changed };
}
