import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerOtpBinding, DmtMessages } from '@khata/domain';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { AuditTrail } from '../../audit/audit-trail.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { CustomerOtps } from '../customer-otps.js';
import { remitterAuditEntry } from '../dmt-audit.js';
import { assertMayActInDmt } from '../dmt-access.js';
import { RemitterProvider, RemitterProviderUnavailableError } from '../remitter-provider.js';
import { RemittersRepository } from '../remitters.repository.js';
import { VerifyRemitterCommand } from './verify-remitter.command.js';

/**
 * The registration's OTP checked (a try taken first), the remitter registered at the provider
 * (idempotent by mobile: asking twice answers the same reference), then in one transaction the
 * code used and the state moved, each a compare-and-set: a double click registers once.
 */
@CommandHandler(VerifyRemitterCommand)
export class VerifyRemitterHandler implements ICommandHandler<VerifyRemitterCommand> {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly otps: CustomerOtps,
    private readonly provider: RemitterProvider,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute({ user, mobile, otp, context }: VerifyRemitterCommand) {
    assertMayActInDmt(user);
    const remitter = await this.uow.run((tx) => this.remitters.findByMobile(tx, mobile));
    if (!remitter) throw new AppError(ErrorKind.NotFound, DmtMessages.remitterNotFound);
    if (remitter.state !== 'otpPending') {
      throw new AppError(ErrorKind.Conflict, DmtMessages.remitterAlreadyRegistered);
    }
    const proven = await this.otps.check(
      'register',
      remitter.id,
      customerOtpBinding.register(mobile),
      otp,
    );
    try {
      await this.provider.register({
        mobile,
        name: remitter.name,
        dateOfBirth: remitter.dateOfBirth,
        pinCode: remitter.pinCode,
      });
    } catch (error) {
      if (error instanceof RemitterProviderUnavailableError) {
        throw new AppError(ErrorKind.Unavailable, DmtMessages.providerUnavailable);
      }
      throw error;
    }
    await this.uow.run(async (tx) => {
      await this.otps.use(tx, proven);
      if (!(await this.remitters.markRegistered(tx, remitter.id, this.clock.now()))) {
        throw new AppError(ErrorKind.Conflict, DmtMessages.remitterAlreadyRegistered);
      }
      await this.audit.record(
        tx,
        remitterAuditEntry('dmt.remitter-register', 'success', user, remitter, context),
      );
    });
    return { remitterId: remitter.id };
  }
}
