import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  checkRemitterRegistration,
  customerOtpBinding,
  CustomerOtpSms,
  DmtMessages,
  documentLast4,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { DataAtRest } from '../../common/crypto/data-at-rest.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { CustomerOtps } from '../customer-otps.js';
import { assertMayActInDmt } from '../dmt-access.js';
import { RemittersRepository } from '../remitters.repository.js';
import { RegisterRemitterCommand } from './register-remitter.command.js';

/**
 * Registers a remitter: the form judged on the clock (an adult on India's day), the document
 * sealed, the row stored (or, while still waiting for its OTP, replaced), the OTP sent to the
 * mobile in the same transaction. A registered mobile is refused: one remitter per mobile.
 */
@CommandHandler(RegisterRemitterCommand)
export class RegisterRemitterHandler implements ICommandHandler<RegisterRemitterCommand> {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly otps: CustomerOtps,
    private readonly atRest: DataAtRest,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ user, form }: RegisterRemitterCommand) {
    assertMayActInDmt(user);
    const now = this.clock.now();
    const checked = checkRemitterRegistration(form, now);
    if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
    const remitter = checked.value;
    return this.uow.run(async (tx) => {
      const row = await this.remitters.upsertPending(tx, {
        id: randomUUID(),
        mobile: remitter.mobile,
        name: remitter.name,
        dateOfBirth: remitter.dateOfBirth,
        address: remitter.address,
        pinCode: remitter.pinCode,
        documentType: remitter.documentType,
        documentSealed: this.atRest.seal(remitter.documentNumber),
        documentLast4: documentLast4(remitter.documentNumber),
        registeredBy: user.userId,
        createdAt: now,
      });
      if (!row) throw new AppError(ErrorKind.Conflict, DmtMessages.remitterAlreadyRegistered);
      const otp = await this.otps.issue(tx, {
        purpose: 'register',
        remitterId: row.id,
        mobile: row.mobile,
        binding: customerOtpBinding.register(row.mobile),
        requestedBy: user.userId,
        smsText: CustomerOtpSms.register,
      });
      return { remitterId: row.id, otpExpiresAt: otp.expiresAt };
    });
  }
}
