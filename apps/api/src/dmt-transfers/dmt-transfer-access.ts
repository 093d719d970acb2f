import { DmtMessages, isDistributor, mayActInDmt } from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { serviceRefusal } from '../auth/service-refusal.js';
import { AppError, ErrorKind } from '../common/errors.js';

/**
 * Who sends DMT transfers and confirms their refunds: whoever holds the `dmt` service (a
 * retailer by default), for its own shop. Admins read and check, never send.
 */
export function assertMaySendDmt(user: AuthUser): void {
  if (mayActInDmt(user.services)) return;
  if (user.kind === 'admin') {
    throw new AppError(ErrorKind.Forbidden, DmtMessages.readOnlyForAdmins);
  }
  throw serviceRefusal(user, (held) => mayActInDmt(held.services), DmtMessages.noDmtService);
}

/** Who lists transfers: a shop with the service, a distributor tier (its network), an admin. */
export function assertMayListDmt(user: AuthUser): void {
  if (user.kind === 'admin' || isDistributor(user.kind) || mayActInDmt(user.services)) return;
  throw serviceRefusal(user, (held) => mayActInDmt(held.services), DmtMessages.noDmtService);
}
