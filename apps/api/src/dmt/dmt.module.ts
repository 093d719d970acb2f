import { Module } from '@nestjs/common';
import { BeneficiariesModule } from '../beneficiaries/beneficiaries.module.js';
import { AddDmtBeneficiaryHandler } from './commands/add-dmt-beneficiary.handler.js';
import { ConfirmDmtBeneficiaryDeleteHandler } from './commands/confirm-dmt-beneficiary-delete.handler.js';
import { ConfirmDmtBeneficiaryHandler } from './commands/confirm-dmt-beneficiary.handler.js';
import { RegisterRemitterHandler } from './commands/register-remitter.handler.js';
import { RemitterEkycHandler } from './commands/remitter-ekyc.handler.js';
import { RequestDmtBeneficiaryDeleteHandler } from './commands/request-dmt-beneficiary-delete.handler.js';
import { VerifyRemitterHandler } from './commands/verify-remitter.handler.js';
import { CustomerOtps } from './customer-otps.js';
import { BeneficiaryConfirmations } from './beneficiary-confirmations.js';
import { CustomerOtpsRepository } from './customer-otps.repository.js';
import { DmtController } from './dmt.controller.js';
import { LookUpRemitterHandler } from './queries/look-up-remitter.handler.js';
import { RemitterMonthUsage } from './remitter-month-usage.js';
import { RemitterProvider, SandboxRemitterProvider } from './remitter-provider.js';
import { Remitters } from './remitters.js';
import { RemittersRepository } from './remitters.repository.js';
import { TransfersMonthUsage } from './transfers-month-usage.repository.js';

/**
 * Domestic money transfer for walk-in customers (issue 25): remitters, their beneficiaries
 * and the OTPs sent to their mobiles. Exports the customer OTPs and the `Remitters` read port
 * (transfers use both); `RemitterMonthUsage` is the port transfers implement. The remitter
 * provider is the sandbox until a real one is bound here.
 */
@Module({
  imports: [BeneficiariesModule],
  controllers: [DmtController],
  providers: [
    RemittersRepository,
    Remitters,
    CustomerOtpsRepository,
    CustomerOtps,
    BeneficiaryConfirmations,
    { provide: RemitterMonthUsage, useClass: TransfersMonthUsage },
    SandboxRemitterProvider,
    { provide: RemitterProvider, useExisting: SandboxRemitterProvider },
    LookUpRemitterHandler,
    RegisterRemitterHandler,
    VerifyRemitterHandler,
    RemitterEkycHandler,
    AddDmtBeneficiaryHandler,
    ConfirmDmtBeneficiaryHandler,
    RequestDmtBeneficiaryDeleteHandler,
    ConfirmDmtBeneficiaryDeleteHandler,
  ],
  exports: [CustomerOtps, Remitters, RemittersRepository, RemitterMonthUsage],
})
export class DmtModule {}
