import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { BeneficiariesModule } from '../beneficiaries/beneficiaries.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { NetworkModule } from '../network/network.module.js';
import { UsersModule } from '../users/users.module.js';
import {
  ChangeMobileHandler,
  SendChangeMobileOtpHandler,
} from './commands/change-mobile.handler.js';
import { OnboardUserHandler } from './commands/onboard-user.handler.js';
import { ResetCredentialsHandler } from './commands/reset-credentials.handler.js';
import { SendSignupOtpHandler } from './commands/send-signup-otp.handler.js';
import { SetCredentialsHandler } from './commands/set-credentials.handler.js';
import { SignUpHandler } from './commands/sign-up.handler.js';
import { CredentialsRepository } from './credentials.repository.js';
import { OnboardingController } from './onboarding.controller.js';
import { CredentialIssuer } from './credential-issuer.js';
import { MobileOtps } from './mobile-otps.js';
import { Enrolment } from './enrolment.js';
import { OnboardingSms } from './onboarding-sms.js';
import { PinLockedSmsHandler } from './pin-locked-sms.handler.js';
import { PrivilegedAccounts } from './privileged-accounts.js';
import { SignupOtpsRepository } from './signup-otps.repository.js';
import { TemporaryCredentials } from './temporary-credentials.js';

/**
 * Onboarding (issue 12): register-user with a temporary password by SMS, signup with an OTP,
 * setting one's own password and PIN, an admin's reset. The SMS port is the beneficiaries'
 * (one sandbox outbox for every text Khata sends).
 */
@Module({
  imports: [AuthModule, BeneficiariesModule, CredentialsModule, NetworkModule, UsersModule],
  controllers: [OnboardingController],
  providers: [
    CredentialsRepository,
    SignupOtpsRepository,
    MobileOtps,
    TemporaryCredentials,
    CredentialIssuer,
    Enrolment,
    OnboardingSms,
    PrivilegedAccounts,
    OnboardUserHandler,
    SignUpHandler,
    SendSignupOtpHandler,
    SetCredentialsHandler,
    ResetCredentialsHandler,
    SendChangeMobileOtpHandler,
    ChangeMobileHandler,
    PinLockedSmsHandler,
  ],
  // Create Partner gives a partner its first credentials the same way (partners/).
  exports: [TemporaryCredentials, CredentialIssuer, Enrolment, OnboardingSms, PrivilegedAccounts],
})
export class OnboardingModule {}
