import { Query } from '@nestjs/cqrs';
import type { SignedHead } from '@khata/ledger';

/** A day's signed head, to download as a file (404 when that day has none). */
export class GetSignedHeadQuery extends Query<SignedHead> {
  constructor(readonly day: string) {
    super();
  }
}
