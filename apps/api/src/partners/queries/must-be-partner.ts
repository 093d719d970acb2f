import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PartnerMessages } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PartnerKeysRepository } from '../partner-keys.repository.js';

/** The admin's partner calls: a user who is not a partner (or no user) is a 404. */
export class MustBePartnerQuery extends Query<void> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(MustBePartnerQuery)
export class MustBePartnerHandler implements IQueryHandler<MustBePartnerQuery> {
  constructor(private readonly keys: PartnerKeysRepository) {}

  async execute({ userId }: MustBePartnerQuery): Promise<void> {
    if (!(await this.keys.isPartner(userId))) {
      throw new AppError(ErrorKind.NotFound, PartnerMessages.partnerNotFound);
    }
  }
}
