import {
  checkWebhookEventId,
  fail,
  isUuid,
  PartnerMessages,
  pagingOf,
  pass,
  type AdminPartnerDeliveriesRequest,
  type AdminPartnerRequest,
  type AdminRedeliverWebhookRequest,
  type AdminRevokeApiKeyRequest,
  type Check,
  type RedeliverWebhookRequest,
  type WebhookDeliveriesRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

/** Webhook deliveries (the partner's own and the admin's look): pages of up to 100, 20 by default. */
export const deliveriesPaging = pagingOf(100, 20);

function checkPartnerId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value.toLowerCase()) : fail(PartnerMessages.partnerIdInvalid);
}

function checkKeyId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value) : fail('Please choose an API key.');
}

/** POST /api/partner/webhookDeliveries. */
export class WebhookDeliveriesDto implements WebhookDeliveriesRequest {
  @Satisfies(deliveriesPaging.checkPage)
  page?: number | string;

  @Satisfies(deliveriesPaging.checkPageSize)
  pageSize?: number | string;
}

/** POST /api/partner/webhookDeliveries/redeliver. */
export class RedeliverWebhookDto implements RedeliverWebhookRequest {
  @Satisfies(checkWebhookEventId)
  eventId!: string;
}

/** POST /api/admin/partnerApiKeys. */
export class AdminPartnerDto implements AdminPartnerRequest {
  @Satisfies(checkPartnerId)
  partnerId!: string;
}

/** POST /api/admin/partnerWebhookDeliveries. */
export class AdminPartnerDeliveriesDto implements AdminPartnerDeliveriesRequest {
  @Satisfies(checkPartnerId)
  partnerId!: string;

  @Satisfies(deliveriesPaging.checkPage)
  page?: number | string;

  @Satisfies(deliveriesPaging.checkPageSize)
  pageSize?: number | string;
}

/** POST /api/admin/partnerApiKeys/revoke (header `pin`: the admin's). */
export class AdminRevokeApiKeyDto implements AdminRevokeApiKeyRequest {
  @Satisfies(checkPartnerId)
  partnerId!: string;

  @Satisfies(checkKeyId)
  id!: string;
}

/** POST /api/admin/partnerWebhookDeliveries/redeliver. */
export class AdminRedeliverWebhookDto implements AdminRedeliverWebhookRequest {
  @Satisfies(checkPartnerId)
  partnerId!: string;

  @Satisfies(checkWebhookEventId)
  eventId!: string;
}
