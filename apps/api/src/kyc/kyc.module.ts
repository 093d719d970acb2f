import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { NetworkModule } from '../network/network.module.js';
import { AddPanHandler } from './commands/add-pan.handler.js';
import { DecideKycHandler } from './commands/decide-kyc.handler.js';
import { SubmitKycHandler } from './commands/submit-kyc.handler.js';
import { KycDecisions } from './kyc-decisions.js';
import { KycAdminController } from './kyc-admin.controller.js';
import { KycGate } from './kyc-gate.js';
import { KycController } from './kyc.controller.js';
import { KycRepository } from './kyc.repository.js';
import { GetKycPhotoHandler } from './queries/get-kyc-photo.handler.js';
import { GetKycStateHandler } from './queries/get-kyc-state.handler.js';
import { GetKycStatusHandler } from './queries/get-kyc-status.handler.js';
import { ListKycQueueHandler } from './queries/list-kyc-queue.handler.js';

/**
 * KYC (issue 12): the user sends it, an admin decides it, and `KycGate` keeps payouts and
 * AEPS off until it is approved (PayoutsModule and BeneficiariesModule import it for that).
 */
@Module({
  imports: [CredentialsModule, NetworkModule],
  controllers: [KycController, KycAdminController],
  providers: [
    KycRepository,
    KycGate,
    KycDecisions,
    SubmitKycHandler,
    AddPanHandler,
    DecideKycHandler,
    GetKycStatusHandler,
    GetKycStateHandler,
    ListKycQueueHandler,
    GetKycPhotoHandler,
  ],
  exports: [KycGate],
})
export class KycModule {}
