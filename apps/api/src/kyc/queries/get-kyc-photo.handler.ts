import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isUuid, KycMessages, seesOthers } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { KycRepository } from '../kyc.repository.js';
import { GetKycPhotoQuery, type KycPhoto } from './get-kyc-photo.query.js';
import { NOT_A_REVIEWER } from './list-kyc-queue.handler.js';

@QueryHandler(GetKycPhotoQuery)
export class GetKycPhotoHandler implements IQueryHandler<GetKycPhotoQuery> {
  constructor(
    private readonly kyc: KycRepository,
    private readonly scopes: NetworkScopes,
    private readonly db: Db,
  ) {}

  async execute({ viewer, submissionId }: GetKycPhotoQuery): Promise<KycPhoto> {
    if (!seesOthers(viewer)) throw new AppError(ErrorKind.Forbidden, NOT_A_REVIEWER);
    const photo = isUuid(submissionId) ? await this.kyc.photo(submissionId) : undefined;
    // Someone outside the viewer's network gets the same answer as no submission at all.
    if (!photo || !(await this.scopes.canSee(this.db, viewer, photo.userId))) {
      throw new AppError(ErrorKind.NotFound, KycMessages.notFound);
    }
    return { bytes: photo.bytes, contentType: photo.type };
  }
}
