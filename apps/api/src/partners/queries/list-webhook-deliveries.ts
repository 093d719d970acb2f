import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WebhookDeliverySummary } from '@khata/domain';
import { PartnerWebhooksRepository } from '../partner-webhooks.repository.js';

export interface DeliveryPage {
  rows: WebhookDeliverySummary[];
  total: number;
}

/** One page of a partner's webhook events, newest first (its own area, or an admin's view). */
export class ListWebhookDeliveriesQuery extends Query<DeliveryPage> {
  constructor(
    readonly partnerId: string,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}

@QueryHandler(ListWebhookDeliveriesQuery)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveriesQuery> {
  constructor(private readonly webhooks: PartnerWebhooksRepository) {}

  execute({ partnerId, page, pageSize }: ListWebhookDeliveriesQuery): Promise<DeliveryPage> {
    return this.webhooks.listDeliveries(partnerId, page, pageSize);
  }
}
