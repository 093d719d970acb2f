import type { RoleKind } from '@khata/domain';
import { LedgerAppendedEvent } from '../ledger/ledger-appended.event.js';
import type { AppendedProjected } from './projected-appends.repository.js';
import { type KnownBalance, TransactionsProjectedEvent } from './transactions-projected.event.js';

/**
 * What to publish once the transaction that appended and projected an event has committed
 * (never before: a rolled back change must not be announced). A projected event is told from
 * what the call returned: its records, and the balances of the users whose role is known (the
 * gateway reads the others). An event whose projection failed committed unprojected: the
 * projector takes it after commit, and the catch-up job if that fails too. A replay moved
 * nothing and is not announced.
 */
export function appendedAnnouncement(
  appended: AppendedProjected,
  kinds: ReadonlyMap<string, RoleKind | undefined>,
): TransactionsProjectedEvent | LedgerAppendedEvent | undefined {
  if (appended.replayed) return undefined;
  if (!appended.projection) return new LedgerAppendedEvent([appended.seq]);
  const { records, balances } = appended.projection;
  const known = new Map<string, KnownBalance>();
  for (const [owner, ownerBalances] of balances) {
    const kind = kinds.get(owner);
    if (kind) known.set(owner, { kind, balances: ownerBalances });
  }
  return new TransactionsProjectedEvent(records, [...balances.keys()], known);
}

/** Where announcements go and where a deferred projection is told: a rail store's own. */
export interface Announcer {
  events: { publish(event: TransactionsProjectedEvent | LedgerAppendedEvent): void };
  logger: { warn(message: string): void };
}

/**
 * Publishes what committed appends announce (after commit only: a rolled back change is never
 * announced), telling the logger of each projection deferred to the projector.
 */
export function announceAppended(
  { events, logger }: Announcer,
  appended: readonly AppendedProjected[],
  kinds: ReadonlyMap<string, RoleKind | undefined> = new Map(),
): void {
  for (const one of appended) {
    if (one.projectionError)
      logger.warn(`Projection of ${one.seq} deferred: ${one.projectionError}`);
    const announcement = appendedAnnouncement(one, kinds);
    if (announcement) events.publish(announcement);
  }
}
