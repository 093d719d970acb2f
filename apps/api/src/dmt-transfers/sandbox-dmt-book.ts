/**
 * The sandbox DMT provider's own book of transfers: one entry per reference, kept apart from
 * Khata's tables as a real provider's would be, so it outlives a killed worker, takes a
 * reference once and counts every call (tests prove "sent once" from it). The app keeps it in
 * Postgres; unit tests use the in-memory one below.
 */
export interface DmtSandboxEntry {
  reference: string;
  /** The account's last 4 digits: all the rules read, and all the sandbox keeps. */
  accountLast4: string;
  amount: number;
  mode: string;
  status: 'processed' | 'failed' | 'pending';
  utr: string | null;
  reason: string | null;
  statusChecks: number;
  settledAt: Date | null;
}

export type NewDmtSandboxEntry = Omit<DmtSandboxEntry, 'statusChecks'>;

export abstract class DmtSandboxBook {
  /** Counts a send and takes the entry, or answers the one taken before under its reference. */
  abstract take(entry: NewDmtSandboxEntry): Promise<{ entry: DmtSandboxEntry; duplicate: boolean }>;
  /** Counts a call that did not reach the book (the provider failed before taking it). */
  abstract noteCall(
    reference: string,
    call: 'send' | 'status',
    accountLast4?: string,
  ): Promise<void>;
  abstract calls(reference: string, call: 'send' | 'status'): Promise<number>;
  /** The account a reference was last sent to, taken or not. */
  abstract sentTo(reference: string): Promise<string | undefined>;
  /** Counts a status call and one more check on the entry; undefined when never taken. */
  abstract check(reference: string): Promise<DmtSandboxEntry | undefined>;
  /** Settles a pending entry (compare-and-set on pending); the entry as it stands. */
  abstract settle(
    reference: string,
    to: Pick<DmtSandboxEntry, 'status' | 'utr' | 'reason' | 'settledAt'>,
  ): Promise<DmtSandboxEntry | undefined>;
}

export class MemoryDmtSandboxBook extends DmtSandboxBook {
  private readonly entries = new Map<string, DmtSandboxEntry>();
  private readonly log: { reference: string; call: 'send' | 'status'; last4?: string }[] = [];

  async take(entry: NewDmtSandboxEntry) {
    this.log.push({ reference: entry.reference, call: 'send', last4: entry.accountLast4 });
    const earlier = this.entries.get(entry.reference);
    if (earlier) return { entry: { ...earlier }, duplicate: true };
    const taken = { ...entry, statusChecks: 0 };
    this.entries.set(entry.reference, taken);
    return { entry: { ...taken }, duplicate: false };
  }

  async noteCall(reference: string, call: 'send' | 'status', last4?: string) {
    this.log.push({ reference, call, ...(last4 ? { last4 } : {}) });
  }

  async calls(reference: string, call: 'send' | 'status') {
    return this.log.filter((line) => line.reference === reference && line.call === call).length;
  }

  async sentTo(reference: string) {
    return this.log.findLast((line) => line.reference === reference && line.call === 'send')?.last4;
  }

  async check(reference: string) {
    this.log.push({ reference, call: 'status' });
    const entry = this.entries.get(reference);
    if (!entry) return undefined;
    entry.statusChecks++;
    return { ...entry };
  }

  async settle(
    reference: string,
    to: Pick<DmtSandboxEntry, 'status' | 'utr' | 'reason' | 'settledAt'>,
  ) {
    const entry = this.entries.get(reference);
    if (entry?.status === 'pending') Object.assign(entry, to);
    return entry && { ...entry };
  }
}
