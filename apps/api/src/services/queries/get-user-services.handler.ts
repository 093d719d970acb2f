import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  grantedServices,
  Messages,
  roleKind,
  serviceDefaults,
  servicesAwaitingKyc,
} from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { Db } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { ServiceOverridesRepository } from '../service-overrides.repository.js';
import { GetUserServicesQuery, type UserServicesView } from './get-user-services.query.js';

@QueryHandler(GetUserServicesQuery)
export class GetUserServicesHandler implements IQueryHandler<GetUserServicesQuery> {
  constructor(
    private readonly db: Db,
    private readonly overrides: ServiceOverridesRepository,
    private readonly scopes: NetworkScopes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ viewer, user }: GetUserServicesQuery): Promise<UserServicesView> {
    const subject = await this.overrides.findSubject(this.db, user);
    const kind = subject && roleKind(subject.role, this.config.productKey);
    // Outside the viewer's network reads exactly like a user that does not exist.
    if (!subject || !kind || !(await this.scopes.canSee(this.db, viewer, subject.id))) {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
    const overrides = await this.overrides.of(this.db, subject.id);
    return {
      user: { ...subject, kind },
      services: grantedServices({ kind, overrides }),
      awaitingKyc: servicesAwaitingKyc({ kind, overrides, kycState: subject.kycState }),
      defaults: serviceDefaults(kind),
      overrides,
    };
  }
}
