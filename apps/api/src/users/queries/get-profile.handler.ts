import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Profiles, type Profile } from '../profiles.js';
import { UsersRepository } from '../users.repository.js';
import { GetProfileQuery } from './get-profile.query.js';
import { Messages } from '@khata/domain';

@QueryHandler(GetProfileQuery)
export class GetProfileHandler implements IQueryHandler<GetProfileQuery> {
  constructor(
    private readonly users: UsersRepository,
    private readonly profiles: Profiles,
  ) {}

  async execute({ userId, kind }: GetProfileQuery): Promise<Profile> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    return this.profiles.of(user, kind);
  }
}
