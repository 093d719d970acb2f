import {
  type BbpsServiceComplaintRequest,
  type BbpsServiceParty,
  type BbpsTransactionComplaintRequest,
  checkBbpsComplaintDescription,
  checkBbpsDisposition,
  checkBbpsServiceParty,
  checkBbpsServiceReason,
  checkOptionalBbpsBillerId,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

/** `POST /api/bbps/payments/:id/complaints`: a disposition of BBPS's list and what happened. */
export class BbpsTransactionComplaintDto implements BbpsTransactionComplaintRequest {
  @Satisfies(checkBbpsDisposition)
  disposition!: string;

  @Satisfies(checkBbpsComplaintDescription)
  description!: string;
}

/** `POST /api/bbps/complaints`: against an agent or a biller, with a reason of BBPS's list. */
export class BbpsServiceComplaintDto implements BbpsServiceComplaintRequest {
  @Satisfies(checkBbpsServiceParty)
  party!: BbpsServiceParty;

  @Satisfies(checkOptionalBbpsBillerId)
  billerId?: string | null;

  @Satisfies(checkBbpsServiceReason)
  reason!: string;

  @Satisfies(checkBbpsComplaintDescription)
  description!: string;
}
