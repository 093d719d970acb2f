import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { KycState } from '@khata/domain';
import { Db } from '../../database/unit-of-work.js';
import { KycRepository } from '../kyc.repository.js';
import { GetKycStateQuery } from './get-kyc-state.query.js';

@QueryHandler(GetKycStateQuery)
export class GetKycStateHandler implements IQueryHandler<GetKycStateQuery> {
  constructor(
    private readonly kyc: KycRepository,
    private readonly db: Db,
  ) {}

  async execute({ userId }: GetKycStateQuery): Promise<KycState> {
    return (await this.kyc.stateOf(this.db, userId)) ?? 'none';
  }
}
