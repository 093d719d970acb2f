import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { KycModule } from '../kyc/kyc.module.js';
import { AccountChecksRepository } from './account-checks.repository.js';
import { AccountVerifier } from './account-verifier.js';
import { AepsApprovalController } from './aeps-approval.controller.js';
import { BeneficiariesController } from './beneficiaries.controller.js';
import { BeneficiariesRepository } from './beneficiaries.repository.js';
import { CreateAepsBeneficiaryHandler } from './commands/create-aeps-beneficiary.handler.js';
import { CreateBeneficiaryHandler } from './commands/create-beneficiary.handler.js';
import { DecideAepsBeneficiaryHandler } from './commands/decide-aeps-beneficiary.handler.js';
import { DeleteBeneficiaryHandler } from './commands/delete-beneficiary.handler.js';
import { VerifyBankAccountHandler } from './commands/verify-bank-account.handler.js';
import { VerifyBeneficiaryOtpHandler } from './commands/verify-beneficiary-otp.handler.js';
import { OtpCodes } from './otp/otp-codes.js';
import { OtpIssuer } from './otp/otp-issuer.js';
import { OtpsRepository } from './otp/otps.repository.js';
import { SandboxSmsSender } from './otp/sandbox-sms-sender.js';
import { SmsSender } from './otp/sms-sender.js';
import { GetBankListHandler } from './queries/get-bank-list.handler.js';
import { ListAepsRequestsHandler } from './queries/list-aeps-requests.handler.js';
import { ListBeneficiariesHandler } from './queries/list-beneficiaries.handler.js';

/**
 * Saved beneficiaries: bank accounts to pay out to (with the DMT OTP step and penny-drop
 * verification through the bank rail) and AEPS settlement accounts approved by admins.
 * Exports the repository (payouts read `findPayable`), the SMS port (onboarding sends
 * temporary passwords and signup OTPs through the same sandbox) and the bank-account check
 * (DMT's beneficiaries use it, issue 25).
 */
@Module({
  imports: [CredentialsModule, KycModule],
  controllers: [BeneficiariesController, AepsApprovalController],
  providers: [
    BeneficiariesRepository,
    AccountChecksRepository,
    AccountVerifier,
    OtpsRepository,
    OtpCodes,
    OtpIssuer,
    SandboxSmsSender,
    { provide: SmsSender, useExisting: SandboxSmsSender },
    CreateBeneficiaryHandler,
    VerifyBankAccountHandler,
    VerifyBeneficiaryOtpHandler,
    CreateAepsBeneficiaryHandler,
    DeleteBeneficiaryHandler,
    DecideAepsBeneficiaryHandler,
    ListBeneficiariesHandler,
    ListAepsRequestsHandler,
    GetBankListHandler,
  ],
  exports: [BeneficiariesRepository, SmsSender, SandboxSmsSender, OtpCodes, AccountVerifier],
})
export class BeneficiariesModule {}
