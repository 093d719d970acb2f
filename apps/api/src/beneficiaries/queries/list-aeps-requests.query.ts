import { Query } from '@nestjs/cqrs';
import type { ActivationStatus, AepsRequest } from '../beneficiaries.repository.js';

/** For admins: AEPS settlement accounts by activation status (default pending), oldest first. */
export class ListAepsRequestsQuery extends Query<AepsRequest[]> {
  constructor(readonly status: ActivationStatus) {
    super();
  }
}
