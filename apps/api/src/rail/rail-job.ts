import { RAIL_IN_FLIGHT, type RailStatus } from './rail-machine.js';

/**
 * The provider has not settled the transaction yet: the job fails and BullMQ asks again with
 * growing delays; after its attempts the sweep (rail-sweeper.ts) keeps asking.
 */
export class RailNotSettledError extends Error {
  override readonly name: string = 'RailNotSettledError';
}

/**
 * A rail job's end (issue 24): a transaction still in flight after its run is retried by the
 * queue, one settled (or gone) ends the job. Each product's job is `advance`, then this.
 */
export function assertSettled(
  noun: string,
  id: string,
  txn: { status: RailStatus } | undefined,
): void {
  if (txn && RAIL_IN_FLIGHT.includes(txn.status)) {
    const name = noun.charAt(0).toUpperCase() + noun.slice(1);
    throw new RailNotSettledError(`${name} ${id} is still ${txn.status}; asking again later.`);
  }
}
