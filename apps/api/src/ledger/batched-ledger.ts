/**
 * The injection token of the application's `Ledger` with group commit on
 * (`new Ledger(db, { groupCommit })`): for jobs whose appends stand alone (no other write must
 * commit with them), batched into shared transactions (docs/architecture.md, "Group commit").
 */
export const BATCHED_LEDGER = 'BatchedLedger';
