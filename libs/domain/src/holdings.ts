import { BalanceMessages } from './balances.js';
import { fail, pass, type Check } from './check.js';
import type { HoldingKind } from './contract/balances.js';
import type { Paise } from './money.js';

// A lien or security deposit placed or released (issue 13) as pure decisions (issue 24): the
// handlers load the holding and the wallet under their locks, ask here, then commit.

/** What a holding is refused with when it asks for more than the wallet holds (never below 0). */
export function holdingAboveMoney(kind: HoldingKind, own: Paise): string {
  const most = Math.max(own, 0);
  return kind === 'lien'
    ? BalanceMessages.lienAboveMoney(most)
    : BalanceMessages.depositAboveMoney(most);
}

/**
 * A new holding fits in the money the wallet holds itself (its balance, not its overdraft:
 * a holding holds money in the wallet). Refused (422) otherwise, naming the most it may be.
 */
export function checkHoldingFits(kind: HoldingKind, amount: Paise, own: Paise): Check<Paise> {
  return amount > own ? fail(holdingAboveMoney(kind, own)) : pass(amount);
}

/**
 * An earlier placement under the same admin's Idempotency-Key: the same request (same hash)
 * answers it again; a different one is refused (409).
 */
export function checkSamePlacement(earlier: { placedHash: string }, hash: string): Check<true> {
  return earlier.placedHash === hash ? pass(true) : fail(BalanceMessages.keyReused);
}

/** The "not found" of a kind of holding (404). */
export function holdingNotFound(kind: HoldingKind): string {
  return kind === 'lien' ? BalanceMessages.lienNotFound : BalanceMessages.depositNotFound;
}

/**
 * What releasing a holding does: a placed one is released; a released one answers again when
 * this admin released it with this Idempotency-Key (a replay), and is refused (409) otherwise.
 */
export function releaseStepOf(
  holding: { status: 'placed' | 'released'; releasedBy: string | null; releasedKey: string | null },
  kind: HoldingKind,
  adminId: string,
  key: string,
): Check<'release' | 'replay'> {
  if (holding.status === 'placed') return pass('release');
  if (holding.releasedBy === adminId && holding.releasedKey === key) return pass('replay');
  return fail(
    kind === 'lien' ? BalanceMessages.lienAlreadyReleased : BalanceMessages.depositAlreadyReleased,
  );
}
