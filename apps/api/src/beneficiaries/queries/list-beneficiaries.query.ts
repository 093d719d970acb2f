import { Query } from '@nestjs/cqrs';
import type { Beneficiary, BeneficiaryType } from '../beneficiaries.repository.js';

/**
 * The owner's live beneficiaries, newest first: bank ones (optionally of one type) or AEPS
 * accounts; `search` matches name or account number, case-insensitively (spec §5).
 */
export class ListBeneficiariesQuery extends Query<Beneficiary[]> {
  constructor(
    readonly ownerId: string,
    readonly type: BeneficiaryType | 'aeps' | undefined,
    readonly search: string | undefined,
  ) {
    super();
  }
}
