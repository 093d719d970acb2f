import {
  DmtMessages,
  isDistributor,
  mayActInProduct,
  PpiMessages,
  type TransferProduct,
} from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { serviceRefusal } from '../auth/service-refusal.js';
import { AppError, ErrorKind } from '../common/errors.js';

const REFUSALS: Record<TransferProduct, { noService: string; readOnlyForAdmins: string }> = {
  dmt: { noService: DmtMessages.noDmtService, readOnlyForAdmins: DmtMessages.readOnlyForAdmins },
  ppi: { noService: PpiMessages.noPpiService, readOnlyForAdmins: PpiMessages.readOnlyForAdmins },
};

/**
 * Who sends transfers of a product and confirms their refunds: whoever holds its service
 * (`dmt` or `ppi`; a retailer by default), for its own shop. Admins read and check, never send.
 */
export function assertMaySendDmt(user: AuthUser, product: TransferProduct = 'dmt'): void {
  if (mayActInProduct(product, user.services)) return;
  if (user.kind === 'admin') {
    throw new AppError(ErrorKind.Forbidden, REFUSALS[product].readOnlyForAdmins);
  }
  throw serviceRefusal(
    user,
    (held) => mayActInProduct(product, held.services),
    REFUSALS[product].noService,
  );
}

/** Who lists transfers: a shop with the service, a distributor tier (its network), an admin. */
export function assertMayListDmt(user: AuthUser, product: TransferProduct = 'dmt'): void {
  if (
    user.kind === 'admin' ||
    isDistributor(user.kind) ||
    mayActInProduct(product, user.services)
  ) {
    return;
  }
  throw serviceRefusal(
    user,
    (held) => mayActInProduct(product, held.services),
    REFUSALS[product].noService,
  );
}
