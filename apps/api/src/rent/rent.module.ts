import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { BeneficiariesModule } from '../beneficiaries/beneficiaries.module.js';
import { CommissionsModule } from '../commissions/commissions.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { RentAgreementsRepository } from './rent-agreements.repository.js';
import { RentController, RentPublicController } from './rent.controller.js';
import { RentDesk } from './rent-desk.js';
import { RentLedger } from './rent-ledger.js';
import {
  EStampProvider,
  ESignProvider,
  SandboxEStampProvider,
  SandboxESignProvider,
} from './rent-providers.js';

/**
 * Rent agreements (issue 28): drafts, the price, the payment through the ledger, the e-stamp
 * and Aadhaar eSign adapters (the sandboxes until real vendors are plugged in), the PDF.
 */
@Module({
  imports: [
    AuthModule,
    BeneficiariesModule,
    CommissionsModule,
    CredentialsModule,
    TransactionsModule,
  ],
  controllers: [RentController, RentPublicController],
  providers: [
    RentAgreementsRepository,
    RentLedger,
    RentDesk,
    SandboxEStampProvider,
    SandboxESignProvider,
    { provide: EStampProvider, useExisting: SandboxEStampProvider },
    { provide: ESignProvider, useExisting: SandboxESignProvider },
  ],
})
export class RentModule {}
