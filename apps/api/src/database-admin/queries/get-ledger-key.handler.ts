import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { publicKeyPem } from '@khata/ledger';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { GetLedgerKeyQuery } from './get-ledger-key.query.js';

@QueryHandler(GetLedgerKeyQuery)
export class GetLedgerKeyHandler implements IQueryHandler<GetLedgerKeyQuery> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  execute(): Promise<string> {
    return Promise.resolve(publicKeyPem(this.config.ledgerSigningKey));
  }
}
