/**
 * What a provider adapter of any rail implements (issue 24): send a transaction once per
 * reference, and say what became of a reference. A real provider and the sandbox sit behind the
 * same interface; the sandbox's outcomes are chosen by documented test data (for the bank rail,
 * sandbox-rules.ts: the account number's last three digits).
 */

export type RailOutcome =
  /** Done; the UTR (or the provider's reference) is the proof. */
  | { status: 'processed'; utr: string; details?: RailDetails }
  /** Refused before any money moved (closed account, bad IFSC…). */
  | { status: 'failed'; reason: string; details?: RailDetails }
  /** Accepted, no final answer yet: ask again later with `status`. */
  | { status: 'pending' }
  /** Done, then returned (a late return). */
  | { status: 'reversed'; reason: string; utr?: string };

/**
 * What a product's provider tells besides the outcome (an AEPS balance or mini statement): the
 * machine carries it to the product's store with the move, untouched.
 */
export type RailDetails = Record<string, unknown>;

/** The provider's answer is unknown (timeout, 5xx, connection reset): never send again blindly. */
export class RailUnavailableError extends Error {
  constructor(message = 'The bank rail did not answer.') {
    super(message);
    this.name = 'RailUnavailableError';
  }
}

export interface RailAdapter<Request extends { reference: string }> {
  /**
   * Sends once per reference (the provider's idempotency key: sending it twice does it once).
   * Throws RailUnavailableError, or anything, when the outcome is unknown.
   */
  send(request: Request): Promise<RailOutcome>;
  /** What became of a reference; `not-found` means the provider never took it (safe to send). */
  status(reference: string): Promise<RailOutcome | { status: 'not-found' }>;
}
