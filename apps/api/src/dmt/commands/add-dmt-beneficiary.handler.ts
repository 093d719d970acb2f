import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  checkDmtBeneficiary,
  customerOtpBinding,
  CustomerOtpSms,
  DmtMessages,
  maskAccountNumber,
  remitterIsRegistered,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AccountVerifier } from '../../beneficiaries/account-verifier.js';
import { Clock } from '../../common/clock.js';
import { DataAtRest } from '../../common/crypto/data-at-rest.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { CustomerOtps } from '../customer-otps.js';
import { assertMayActInDmt } from '../dmt-access.js';
import { RemittersRepository } from '../remitters.repository.js';
import { AddDmtBeneficiaryCommand } from './add-dmt-beneficiary.command.js';

/**
 * Adds a beneficiary to a registered remitter: the optional penny drop first (the payout
 * beneficiaries' check, counted against the retailer's hourly limit), then under the remitter's
 * row lock the account stored sealed (or, when it already waits for its OTP, refreshed) and the
 * OTP sent to the remitter, bound to this beneficiary.
 */
@CommandHandler(AddDmtBeneficiaryCommand)
export class AddDmtBeneficiaryHandler implements ICommandHandler<AddDmtBeneficiaryCommand> {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly otps: CustomerOtps,
    private readonly verifier: AccountVerifier,
    private readonly atRest: DataAtRest,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ user, remitterMobile, form, verify, context }: AddDmtBeneficiaryCommand) {
    assertMayActInDmt(user);
    const checked = checkDmtBeneficiary(form);
    if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
    const beneficiary = checked.value;
    const known = await this.uow.run((tx) => this.remitters.findByMobile(tx, remitterMobile));
    if (!known) throw new AppError(ErrorKind.NotFound, DmtMessages.remitterNotFound);
    if (!remitterIsRegistered(known.state)) {
      throw new AppError(ErrorKind.Conflict, DmtMessages.remitterNotRegistered);
    }
    const verifiedName = verify
      ? (
          await this.verifier.verify(
            user,
            { accountNumber: beneficiary.accountNumber, ifscCode: beneficiary.ifsc },
            context,
          )
        ).payeeName
      : null;

    return this.uow.run(async (tx) => {
      const remitter = await this.remitters.findByMobile(tx, remitterMobile, true);
      if (!remitter) throw new AppError(ErrorKind.NotFound, DmtMessages.remitterNotFound);
      const sealed = this.atRest.sealAccount(beneficiary.accountNumber);
      const existing = await this.remitters.findBeneficiaryByAccount(
        tx,
        remitter.id,
        sealed.hash,
        beneficiary.ifsc,
      );
      if (existing?.state === 'active') {
        throw new AppError(ErrorKind.Conflict, DmtMessages.beneficiaryExists);
      }
      const id = existing?.id ?? randomUUID();
      if (existing) {
        await this.remitters.refreshPending(tx, id, {
          name: beneficiary.name,
          bankName: beneficiary.bankName,
          verifiedName,
          addedBy: user.userId,
        });
      } else {
        await this.remitters.insertBeneficiary(tx, {
          id,
          remitterId: remitter.id,
          name: beneficiary.name,
          bankName: beneficiary.bankName,
          ifsc: beneficiary.ifsc,
          accountSealed: sealed.sealed,
          accountHash: sealed.hash,
          accountLast4: beneficiary.accountNumber.slice(-4),
          verifiedName,
          addedBy: user.userId,
          createdAt: this.clock.now(),
        });
      }
      const masked = maskAccountNumber(beneficiary.accountNumber);
      const otp = await this.otps.issue(tx, {
        purpose: 'addBeneficiary',
        remitterId: remitter.id,
        mobile: remitter.mobile,
        binding: customerOtpBinding.addBeneficiary(id),
        requestedBy: user.userId,
        smsText: (code, minutes) =>
          CustomerOtpSms.addBeneficiary(code, minutes, beneficiary.name, masked),
      });
      const row = await this.remitters.findBeneficiary(tx, id);
      return { remitterId: remitter.id, beneficiary: row!, otpExpiresAt: otp.expiresAt };
    });
  }
}
