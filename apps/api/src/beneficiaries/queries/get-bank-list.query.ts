import { Query } from '@nestjs/cqrs';
import type { BankListItem } from '@khata/domain';

/** The banks the beneficiary form offers (shipped data, libs/domain/src/banks.data.ts). */
export class GetBankListQuery extends Query<BankListItem[]> {}
