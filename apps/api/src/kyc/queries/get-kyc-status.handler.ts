import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { KycStatus } from '@khata/domain';
import { Db } from '../../database/unit-of-work.js';
import { toKycStatus } from '../kyc-record.js';
import { KycRepository } from '../kyc.repository.js';
import { GetKycStatusQuery } from './get-kyc-status.query.js';

@QueryHandler(GetKycStatusQuery)
export class GetKycStatusHandler implements IQueryHandler<GetKycStatusQuery> {
  constructor(
    private readonly kyc: KycRepository,
    private readonly db: Db,
  ) {}

  async execute({ userId }: GetKycStatusQuery): Promise<KycStatus> {
    const facts = (await this.kyc.factsOf(this.db, userId)) ?? {
      state: 'none',
      checked: false,
      panOnFile: false,
    };
    return toKycStatus(facts, await this.kyc.latestOf(userId));
  }
}
