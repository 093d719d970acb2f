import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { checkAepsDecisionReason } from '@khata/domain';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { AepsAccountDecidedEvent } from '../aeps-account-decided.event.js';
import { BeneficiaryMessages } from '../beneficiary-messages.js';
import { type Beneficiary, BeneficiariesRepository } from '../beneficiaries.repository.js';
import { describeForAudit } from '../beneficiary-record.js';
import { DecideAepsBeneficiaryCommand } from './decide-aeps-beneficiary.command.js';

@CommandHandler(DecideAepsBeneficiaryCommand)
export class DecideAepsBeneficiaryHandler implements ICommandHandler<DecideAepsBeneficiaryCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly pins: PinVerifier,
  ) {}

  async execute(command: DecideAepsBeneficiaryCommand): Promise<Beneficiary> {
    const { admin, beneficiaryId, decision, context } = command;
    const reason = checkAepsDecisionReason(decision, command.remark);
    if (!reason.ok) throw new AppError(ErrorKind.Invalid, reason.message);
    const remark = reason.value;
    await this.pins.verify(admin, command.pin, context);
    const decided = await this.uow.run(async (tx) => {
      const account = await this.beneficiaries.lockAeps(tx, beneficiaryId);
      if (!account) throw new AppError(ErrorKind.NotFound, BeneficiaryMessages.notFound);
      if (account.activationStatus !== 'pending') {
        throw new AppError(
          ErrorKind.Conflict,
          BeneficiaryMessages.alreadyDecided(account.activationStatus ?? 'decided'),
        );
      }
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const decided = await this.beneficiaries.decideActivation(tx, account.id, {
        status,
        remark,
        by: admin.userId,
        at: this.clock.now(),
      });
      await this.audit.record(tx, {
        action: 'beneficiary.aeps-decision',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: account.ownerId,
        sessionId: admin.sessionId,
        context,
        details: { ...describeForAudit(account), activationStatus: status, remark },
      });
      return decided;
    });
    // After the commit: the retailer's open AEPS screen shows the result at once (issue 12).
    this.events.publish(
      new AepsAccountDecidedEvent(
        decided.ownerId,
        decided.id,
        decided.activationStatus ?? 'pending',
        remark,
      ),
    );
    return decided;
  }
}
