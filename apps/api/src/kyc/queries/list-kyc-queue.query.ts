import { Query } from '@nestjs/cqrs';
import type { KycSubmissionState, Viewer } from '@khata/domain';
import type { KycQueueEntry } from '../kyc.repository.js';

/** The reviewer's queue: submissions of users the viewer sees, waiting ones first. */
export class ListKycQueueQuery extends Query<{ rows: KycQueueEntry[]; total: number }> {
  constructor(
    readonly viewer: Viewer,
    readonly state: KycSubmissionState | undefined,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
