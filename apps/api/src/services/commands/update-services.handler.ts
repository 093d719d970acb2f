import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  decideServiceChanges,
  effectiveServices,
  grantedServices,
  type ServiceKey,
} from '@khata/domain';
import { AuditTrail } from '../../audit/audit-trail.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { ServiceOverridesRepository } from '../service-overrides.repository.js';
import { ServiceSubjects } from '../service-subjects.js';
import { ServicesChangedEvent } from '../services-changed.event.js';
import { UpdateServicesCommand } from './update-services.command.js';

/**
 * Loads the user under a row lock, decides every change against its role (nothing is written
 * when one is refused), stores each as an override (or drops the override when the change
 * is back to the role's default), audits each, and after commit tells the user's consoles.
 * The guards read services from Postgres on every request, so the change holds on every API
 * process from the next request on.
 */
@CommandHandler(UpdateServicesCommand)
export class UpdateServicesHandler implements ICommandHandler<UpdateServicesCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subjects: ServiceSubjects,
    private readonly overrides: ServiceOverridesRepository,
    private readonly verifier: PinVerifier,
    private readonly audit: AuditTrail,
    private readonly events: EventBus,
  ) {}

  async execute(command: UpdateServicesCommand): Promise<ServiceKey[]> {
    const { actor, userId, changes, reason, pin, context } = command;
    const entry = {
      action: 'user.services',
      actorId: actor.userId,
      subjectId: userId,
      sessionId: actor.sessionId,
      context,
    } as const;
    try {
      await this.verifier.verify({ userId: actor.userId }, pin, context);
    } catch (error) {
      await this.audit.recordAlone({
        ...entry,
        outcome: 'failure',
        details: { reason: (error as Error).message, changes },
      });
      throw error;
    }

    const services = await this.uow.run(async (tx) => {
      const { kind, ...subject } = await this.subjects.lock(tx, actor, userId);
      const before = grantedServices({ kind, overrides: await this.overrides.of(tx, userId) });
      const decision = decideServiceChanges(kind, before, changes);
      if (!decision.ok) throw new AppError(ErrorKind.Invalid, decision.message);
      for (const { change, override, was } of decision.value) {
        if (override) {
          await this.overrides.put(tx, userId, change, { by: actor.userId, reason });
        } else {
          await this.overrides.remove(tx, userId, change.service);
        }
        await this.audit.record(tx, {
          ...entry,
          outcome: 'success',
          details: { service: change.service, enabled: change.enabled, was, reason },
        });
      }
      const overrides = await this.overrides.of(tx, userId);
      return {
        granted: grantedServices({ kind, overrides }),
        effective: effectiveServices({ kind, overrides, kycState: subject.kycState }),
      };
    });
    // The user's own console hears what it may use now; the admin's screen gets the switches.
    this.events.publish(new ServicesChangedEvent(userId, services.effective));
    return services.granted;
  }
}
