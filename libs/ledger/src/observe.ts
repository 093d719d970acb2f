/** How one append ended: moved money, answered as a repeat, refused by the ledger, or failed. */
export type AppendOutcome = 'appended' | 'replayed' | 'refused' | 'failed';

/** One append as an observer hears it: its outcome and how long it took, in seconds. */
export interface AppendObservation {
  outcome: AppendOutcome;
  seconds: number;
  /** `single` (Ledger.append and its wrappers) or `batched` (a Ledger made with `groupCommit`). */
  path: 'single' | 'batched';
}

export type AppendObserver = (observation: AppendObservation) => void;

const observers = new Set<AppendObserver>();

/**
 * Hears every append of this process, whichever Ledger made it (the library knows nothing of
 * metrics: the API turns these into Prometheus figures). Answers the way to stop hearing.
 * An observer that throws is ignored: observing never fails an append.
 */
export function observeAppends(observer: AppendObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Called by the ledger when an append that began at `startedAt` (performance.now()) ends. */
export function reportAppend(
  path: AppendObservation['path'],
  startedAt: number,
  outcome: AppendOutcome,
): void {
  if (observers.size === 0) return;
  const observation = { path, outcome, seconds: (performance.now() - startedAt) / 1000 };
  for (const observer of observers) {
    try {
      observer(observation);
    } catch {
      // An observer's bug must not turn a committed append into an error.
    }
  }
}
