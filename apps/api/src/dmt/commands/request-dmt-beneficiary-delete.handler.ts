import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerOtpBinding, CustomerOtpSms, maskAccountNumber } from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { beneficiaryOfRemitter } from '../beneficiary-of-remitter.js';
import { CustomerOtps } from '../customer-otps.js';
import { assertMayActInDmt } from '../dmt-access.js';
import { RemittersRepository } from '../remitters.repository.js';
import { RequestDmtBeneficiaryDeleteCommand } from './request-dmt-beneficiary-delete.command.js';

/** Sends the remitter an OTP bound to deleting this beneficiary; nothing changes before it. */
@CommandHandler(RequestDmtBeneficiaryDeleteCommand)
export class RequestDmtBeneficiaryDeleteHandler implements ICommandHandler<RequestDmtBeneficiaryDeleteCommand> {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly otps: CustomerOtps,
    private readonly uow: UnitOfWork,
  ) {}

  async execute({ user, remitterMobile, beneficiaryId }: RequestDmtBeneficiaryDeleteCommand) {
    assertMayActInDmt(user);
    return this.uow.run(async (tx) => {
      const { remitter, beneficiary } = await beneficiaryOfRemitter(
        this.remitters,
        tx,
        remitterMobile,
        beneficiaryId,
      );
      const masked = maskAccountNumber(`XXXXXXXX${beneficiary.accountLast4}`);
      const otp = await this.otps.issue(tx, {
        purpose: 'deleteBeneficiary',
        remitterId: remitter.id,
        mobile: remitter.mobile,
        binding: customerOtpBinding.deleteBeneficiary(beneficiary.id),
        requestedBy: user.userId,
        smsText: (code, minutes) =>
          CustomerOtpSms.deleteBeneficiary(code, minutes, beneficiary.name, masked),
      });
      return { remitterId: remitter.id, beneficiary, otpExpiresAt: otp.expiresAt };
    });
  }
}
