import { DmtMessages, mayActInDmt, mayReadDmt } from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { serviceRefusal } from '../auth/service-refusal.js';
import { AppError, ErrorKind } from '../common/errors.js';

/**
 * Who acts in DMT (issue 25): whoever holds the `dmt` service (a retailer by default), for its
 * shop. A user who holds it but waits for KYC is told so (serviceRefusal).
 */
export function assertMayActInDmt(user: AuthUser): void {
  if (mayActInDmt(user.services)) return;
  if (user.kind === 'admin') throw new AppError(ErrorKind.Forbidden, DmtMessages.readOnlyForAdmins);
  throw serviceRefusal(user, (held) => mayActInDmt(held.services), DmtMessages.noDmtService);
}

/** Who reads remitters: those who act, and admins (all of them). */
export function assertMayReadDmt(user: AuthUser): void {
  if (mayReadDmt(user.kind, user.services)) return;
  throw serviceRefusal(
    user,
    (held) => mayReadDmt(held.kind, held.services),
    DmtMessages.noDmtService,
  );
}
