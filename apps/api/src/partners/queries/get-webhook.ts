import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PartnerWebhookState } from '@khata/domain';
import { Db } from '../../database/unit-of-work.js';
import { PartnerWebhooksRepository, toWebhookState } from '../partner-webhooks.repository.js';

/** The partner's webhook URL and whether it has a signing secret (never the secret). */
export class GetWebhookQuery extends Query<PartnerWebhookState> {
  constructor(readonly partnerId: string) {
    super();
  }
}

@QueryHandler(GetWebhookQuery)
export class GetWebhookHandler implements IQueryHandler<GetWebhookQuery> {
  constructor(
    private readonly webhooks: PartnerWebhooksRepository,
    private readonly db: Db,
  ) {}

  async execute({ partnerId }: GetWebhookQuery): Promise<PartnerWebhookState> {
    return toWebhookState(await this.webhooks.find(this.db, partnerId));
  }
}
