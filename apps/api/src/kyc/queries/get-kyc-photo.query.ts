import { Query } from '@nestjs/cqrs';
import type { Viewer } from '@khata/domain';

export interface KycPhoto {
  bytes: Buffer;
  contentType: string;
}

/** A submission's shop photo, for a reviewer who sees its user. */
export class GetKycPhotoQuery extends Query<KycPhoto> {
  constructor(
    readonly viewer: Viewer,
    readonly submissionId: string,
  ) {
    super();
  }
}
