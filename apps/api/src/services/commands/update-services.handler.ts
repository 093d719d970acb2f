import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  effectiveServices,
  grantedServices,
  Messages,
  refusalOfGrant,
  roleKind,
  serviceDefaults,
  type ServiceKey,
} from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { ServiceOverridesRepository } from '../service-overrides.repository.js';
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
    private readonly db: Db,
    private readonly overrides: ServiceOverridesRepository,
    private readonly scopes: NetworkScopes,
    private readonly verifier: PinVerifier,
    private readonly audit: AuditLog,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
      await this.audit.record(this.db, {
        ...entry,
        outcome: 'failure',
        details: { reason: (error as Error).message, changes },
      });
      throw error;
    }

    const services = await this.uow.run(async (tx) => {
      const subject = await this.overrides.lockSubject(tx, userId);
      const kind = subject && roleKind(subject.role, this.config.productKey);
      if (!subject || !kind || !(await this.scopes.canSee(tx, actor, subject.id))) {
        throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
      }
      for (const change of changes) {
        const refusal = refusalOfGrant(kind, change);
        if (refusal) throw new AppError(ErrorKind.Invalid, refusal);
      }
      const defaults = serviceDefaults(kind);
      const before = grantedServices({ kind, overrides: await this.overrides.of(tx, userId) });
      for (const change of changes) {
        if (defaults.includes(change.service) === change.enabled) {
          await this.overrides.remove(tx, userId, change.service);
        } else {
          await this.overrides.put(tx, userId, change, { by: actor.userId, reason });
        }
        await this.audit.record(tx, {
          ...entry,
          outcome: 'success',
          details: {
            service: change.service,
            enabled: change.enabled,
            was: before.includes(change.service),
            reason,
          },
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
