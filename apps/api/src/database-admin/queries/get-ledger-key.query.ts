import { Query } from '@nestjs/cqrs';

/** The public key (PEM) the ledger's heads are signed with, for anyone to check them. */
export class GetLedgerKeyQuery extends Query<string> {}
