import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type BankListItem, bankList } from '@khata/domain';
import { GetBankListQuery } from './get-bank-list.query.js';

@QueryHandler(GetBankListQuery)
export class GetBankListHandler implements IQueryHandler<GetBankListQuery> {
  private readonly banks = bankList();

  async execute(): Promise<BankListItem[]> {
    return this.banks;
  }
}
