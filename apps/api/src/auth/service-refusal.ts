import { kycPendingMessage } from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import type { AuthUser } from './auth-user.js';

/**
 * The 403 for a caller whose services do not allow something: "complete your KYC" when a
 * service it holds but KYC still withholds would allow it (payouts and AEPS, issue 12), else
 * the caller's own message. `allowedWith` answers for a given list of services.
 */
export function serviceRefusal(
  user: AuthUser,
  allowedWith: (user: AuthUser) => boolean,
  message: string,
): AppError {
  const withKyc = { ...user, services: [...user.services, ...user.awaitingKyc] };
  if (user.awaitingKyc.length > 0 && allowedWith(withKyc)) {
    return new AppError(ErrorKind.Forbidden, kycPendingMessage(user.kycState));
  }
  return new AppError(ErrorKind.Forbidden, message);
}
