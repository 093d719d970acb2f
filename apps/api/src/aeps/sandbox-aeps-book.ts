import type { AepsKind, MiniStatementLine, Paise } from '@khata/domain';

/**
 * The sandbox AEPS provider's own book of transactions: one entry per reference, kept apart
 * from Khata's tables as a real provider's would be, so it outlives a killed worker, takes a
 * reference once and counts every call (tests prove "sent once" from it). The app keeps it in
 * Postgres (aeps-sandbox-book.repository.ts); unit tests use the in-memory one below.
 *
 * It keeps no Aadhaar number and no PID: only the Aadhaar's last 4 digits, which hold the two
 * digits the sandbox's rules read (`aadhaar.slice(9, 11)` is `last4.slice(1, 3)`).
 */
export interface AepsSandboxEntry {
  reference: string;
  kind: AepsKind;
  aadhaarLast4: string;
  /** The two digits that chose the outcome (sandbox-aeps-provider.ts's table). */
  code: string;
  amount: Paise;
  status: 'processed' | 'failed' | 'pending';
  rrn: string | null;
  reason: string | null;
  /** The customer's balance after the transaction, as the pretend bank reports it. */
  balance: Paise | null;
  statement: MiniStatementLine[] | null;
  bankDebited: boolean;
  statusChecks: number;
  settledAt: Date | null;
}

export type NewAepsSandboxEntry = Omit<AepsSandboxEntry, 'statusChecks'>;

/** What settling a pending entry sets. */
export type AepsSandboxSettlement = Pick<
  AepsSandboxEntry,
  'status' | 'rrn' | 'reason' | 'balance' | 'statement' | 'bankDebited' | 'settledAt'
>;

export type AepsSandboxCall = 'send' | 'status';

export abstract class AepsSandboxBook {
  /** Counts a send and takes the entry, or answers the one taken before under its reference. */
  abstract take(
    entry: NewAepsSandboxEntry,
  ): Promise<{ entry: AepsSandboxEntry; duplicate: boolean }>;
  /** Counts a call that did not reach the book (the provider failed before taking it). */
  abstract noteCall(reference: string, call: AepsSandboxCall, aadhaarLast4?: string): Promise<void>;
  abstract calls(reference: string, call: AepsSandboxCall): Promise<number>;
  /** The Aadhaar's last 4 digits a reference was last sent with, taken or not. */
  abstract sentWith(reference: string): Promise<string | undefined>;
  /** Counts a status call and one more check on the entry; undefined when never taken. */
  abstract check(reference: string): Promise<AepsSandboxEntry | undefined>;
  /** Settles a pending entry (compare-and-set on pending); the entry as it stands. */
  abstract settle(
    reference: string,
    to: AepsSandboxSettlement,
  ): Promise<AepsSandboxEntry | undefined>;
}

export class MemoryAepsSandboxBook extends AepsSandboxBook {
  private readonly entries = new Map<string, AepsSandboxEntry>();
  private readonly log: { reference: string; call: AepsSandboxCall; last4?: string }[] = [];

  async take(entry: NewAepsSandboxEntry) {
    this.log.push({ reference: entry.reference, call: 'send', last4: entry.aadhaarLast4 });
    const earlier = this.entries.get(entry.reference);
    if (earlier) return { entry: copy(earlier), duplicate: true };
    const taken = { ...entry, statusChecks: 0 };
    this.entries.set(entry.reference, taken);
    return { entry: copy(taken), duplicate: false };
  }

  async noteCall(reference: string, call: AepsSandboxCall, last4?: string) {
    this.log.push({ reference, call, ...(last4 ? { last4 } : {}) });
  }

  async calls(reference: string, call: AepsSandboxCall) {
    return this.log.filter((line) => line.reference === reference && line.call === call).length;
  }

  async sentWith(reference: string) {
    return this.log.findLast((line) => line.reference === reference && line.call === 'send')?.last4;
  }

  async check(reference: string) {
    this.log.push({ reference, call: 'status' });
    const entry = this.entries.get(reference);
    if (!entry) return undefined;
    entry.statusChecks++;
    return copy(entry);
  }

  async settle(reference: string, to: AepsSandboxSettlement) {
    const entry = this.entries.get(reference);
    if (entry?.status === 'pending') Object.assign(entry, to);
    return entry && copy(entry);
  }
}

/** A copy a caller cannot change the book through (the statement's lines included). */
function copy(entry: AepsSandboxEntry): AepsSandboxEntry {
  return { ...entry, statement: entry.statement?.map((line) => ({ ...line })) ?? null };
}
