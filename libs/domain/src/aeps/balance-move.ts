import { type Check, fail, pass } from '../check.js';
import { MAX_TRANSFER_AMOUNT } from '../limits.js';
import { Messages } from '../messages.js';
import { parseRupees, type Paise } from '../money.js';
import type { RoleKind } from '../roles.js';
import { Services } from '../services.js';
import { AepsMessages } from './transactions.js';

/**
 * The AEPS balance (issue 26): what a shop's cash withdrawals earned, kept in its `aeps` ledger
 * account apart from the main wallet. It leaves in two ways: settled to an approved bank account
 * (AEPS Settlement, a bank payout), or moved to the main wallet at once, where it pays for
 * everything the wallet pays for (`POST /api/aeps/balance/move`).
 */

export const AepsBalanceMessages = {
  moved: 'Moved to your main wallet.',
  /** The ledger refused the debit: the AEPS balance (less what a settlement holds) is smaller. */
  insufficient: 'Insufficient AEPS balance.',
} as const;

/**
 * The amount of a move, in rupees as typed: a positive amount with at most two decimals, no more
 * than one transfer may carry. Whether the AEPS balance covers it is the ledger's to say, under
 * the account's lock (a balance the browser read may be stale by the time the move lands).
 */
export function checkAepsMoveAmount(input: unknown): Check<Paise> {
  const amount = parseRupees(input);
  if (!amount.ok) {
    // A decimal slip is said as such; anything else unreadable reads as "enter an amount".
    return amount.message === Messages.amountDecimals
      ? amount
      : fail(AepsMessages.moveAmountInvalid);
  }
  if (amount.value === 0) return fail(Messages.amountNotPositive);
  return amount.value > MAX_TRANSFER_AMOUNT
    ? fail(Messages.amountAboveTransferMax)
    : pass(amount.value);
}

/**
 * Who sees "AEPS ₹…" in the top bar: a retailer (employee 2) that earns into the AEPS balance
 * (the `aeps` service) or settles it (`aepsSettlement`). Every user holds the account, but for the
 * others it is always empty and the figure would only puzzle them.
 */
export function showsAepsBalance(kind: RoleKind | undefined, services: readonly string[]): boolean {
  return (
    kind === 'employee2' &&
    (services.includes(Services.aeps) || services.includes(Services.aepsSettlement))
  );
}
