import { Query } from '@nestjs/cqrs';
import type { SignedHead } from '@khata/ledger';

/** A page of the ledger's daily signed heads, the latest day first. */
export class ListSignedHeadsQuery extends Query<{ rows: SignedHead[]; total: number }> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
