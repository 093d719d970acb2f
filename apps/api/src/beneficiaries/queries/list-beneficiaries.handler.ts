import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { searchBeneficiaries } from '@khata/domain';
import { type Beneficiary, BeneficiariesRepository } from '../beneficiaries.repository.js';
import { ListBeneficiariesQuery } from './list-beneficiaries.query.js';

@QueryHandler(ListBeneficiariesQuery)
export class ListBeneficiariesHandler implements IQueryHandler<ListBeneficiariesQuery> {
  constructor(private readonly beneficiaries: BeneficiariesRepository) {}

  async execute({ ownerId, type, search }: ListBeneficiariesQuery): Promise<Beneficiary[]> {
    const kind = type === 'aeps' ? 'aeps' : 'bank';
    const owned = await this.beneficiaries.listOwned(ownerId, kind);
    const ofType = kind === 'bank' && type ? owned.filter((b) => b.type === type) : owned;
    return searchBeneficiaries(ofType, search ?? '');
  }
}
