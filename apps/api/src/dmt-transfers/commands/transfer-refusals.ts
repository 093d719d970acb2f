import type { DmtTransferDecision } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';

/** A refused transfer decision as the edge answers it: unknown parties 404, the rest 422. */
export function refusalOf(decision: Extract<DmtTransferDecision, { do: 'refuse' }>): AppError {
  switch (decision.because) {
    case 'remitter-unknown':
    case 'beneficiary-unknown':
      return new AppError(ErrorKind.NotFound, decision.message);
    case 'amount':
    case 'mode':
      return new AppError(ErrorKind.Invalid, decision.message);
    default:
      return new AppError(ErrorKind.Refused, decision.message);
  }
}
