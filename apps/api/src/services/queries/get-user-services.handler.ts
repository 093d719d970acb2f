import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { grantedServices, serviceDefaults, servicesAwaitingKyc } from '@khata/domain';
import { Db } from '../../database/unit-of-work.js';
import { ServiceOverridesRepository } from '../service-overrides.repository.js';
import { ServiceSubjects } from '../service-subjects.js';
import { GetUserServicesQuery, type UserServicesView } from './get-user-services.query.js';

@QueryHandler(GetUserServicesQuery)
export class GetUserServicesHandler implements IQueryHandler<GetUserServicesQuery> {
  constructor(
    private readonly db: Db,
    private readonly subjects: ServiceSubjects,
    private readonly overrides: ServiceOverridesRepository,
  ) {}

  async execute({ viewer, user }: GetUserServicesQuery): Promise<UserServicesView> {
    const subject = await this.subjects.find(this.db, viewer, user);
    const { kind } = subject;
    const overrides = await this.overrides.of(this.db, subject.id);
    return {
      user: subject,
      services: grantedServices({ kind, overrides }),
      awaitingKyc: servicesAwaitingKyc({ kind, overrides, kycState: subject.kycState }),
      defaults: serviceDefaults(kind),
      overrides,
    };
  }
}
