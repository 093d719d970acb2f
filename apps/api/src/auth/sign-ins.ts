import { Injectable } from '@nestjs/common';
import type { RoleKind } from '@khata/domain';
import type { AuditEntry } from '../audit/audit.repository.js';
import { AuditTrail } from '../audit/audit-trail.js';
import type { RequestContext } from '../common/http/request-context.js';
import { type Tx, UnitOfWork } from '../database/unit-of-work.js';
import { Profiles, type Profile } from '../users/profiles.js';
import type { UserEntity } from '../users/user.entity.js';
import { SessionsService } from './sessions.service.js';
import type { SessionKind } from './sessions.repository.js';

/** The session a door opens, and the audit row that says so. */
export interface Opening {
  user: { id: string; elevated: boolean };
  kind: SessionKind;
  /** A sign-in link's maker. */
  openedBy?: string;
  action: 'auth.login' | 'auth.link-login';
  details: Record<string, unknown>;
  context: RequestContext;
}

/**
 * The commit of every sign-in door (issue 24): the session opened and its success row audited
 * in one transaction, a refusal audited on its own, and the profile the door answers with.
 */
@Injectable()
export class SignIns {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly trail: AuditTrail,
    private readonly profiles: Profiles,
  ) {}

  /** In its own transaction. */
  open(opening: Opening) {
    return this.uow.run((tx) => this.openWithin(tx, opening));
  }

  /** In the caller's transaction (a link's spending commits with its session). */
  async openWithin(tx: Tx, { user, kind, openedBy, action, details, context }: Opening) {
    const opened = await this.sessions.open(tx, user, kind, context, openedBy);
    await this.trail.record(tx, {
      action,
      outcome: 'success',
      actorId: user.id,
      subjectId: user.id,
      sessionId: opened.sessionId,
      context,
      details,
    });
    return opened;
  }

  /** A refused attempt: its failure row, committed though the door then throws. */
  refused(entry: Omit<AuditEntry, 'outcome'>): Promise<void> {
    return this.trail.recordAlone({ ...entry, outcome: 'failure' });
  }

  profileOf(user: UserEntity, kind: RoleKind): Promise<Profile> {
    return this.profiles.of(user, kind);
  }
}
