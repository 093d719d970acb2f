import { Inject, Injectable } from '@nestjs/common';
import { Messages, roleKind, type RoleKind, type Viewer } from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Tx } from '../database/unit-of-work.js';
import { NetworkScopes } from '../network/network-scopes.js';
import { ServiceOverridesRepository, type ServiceSubject } from './service-overrides.repository.js';

/**
 * The user a services call is about, with its role kind, if the viewer sees that user (issue
 * 24: the row, the product's roles and the network rule travelled together in both services
 * handlers). Outside the viewer's network reads exactly like a user that does not exist.
 */
@Injectable()
export class ServiceSubjects {
  constructor(
    private readonly overrides: ServiceOverridesRepository,
    private readonly scopes: NetworkScopes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The user as the viewer may read it; 404 "User not found" otherwise. Pass `Db` outside a transaction. */
  async find(
    tx: Tx,
    viewer: Viewer,
    where: { userId: string } | { mobile: string },
  ): Promise<ServiceSubject & { kind: RoleKind }> {
    return this.visible(tx, viewer, await this.overrides.findSubject(tx, where));
  }

  /**
   * The user under a row lock until `tx` ends, so concurrent updates of one user's services
   * apply one after the other; 404 "User not found" when the viewer may not see it.
   */
  async lock(tx: Tx, viewer: Viewer, userId: string): Promise<ServiceSubject & { kind: RoleKind }> {
    return this.visible(tx, viewer, await this.overrides.lockSubject(tx, userId));
  }

  private async visible(
    tx: Tx,
    viewer: Viewer,
    subject: ServiceSubject | null,
  ): Promise<ServiceSubject & { kind: RoleKind }> {
    const kind = subject && roleKind(subject.role, this.config.productKey);
    if (!subject || !kind || !(await this.scopes.canSee(tx, viewer, subject.id))) {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
    return { ...subject, kind };
  }
}
