import type { SessionKind } from './sessions.repository.js';

/**
 * What a process knows of one session: whose it is, until when, whether it was revoked, how it
 * was opened and when it was last used.
 */
export interface CachedSession {
  userId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  revoked: boolean;
  /** Absent only on a revocation heard on the channel: a revoked session needs no more. */
  kind?: SessionKind;
  /** Epoch milliseconds of the last call it answered, as last written (SessionsService.seen). */
  lastSeenAt?: number;
}

interface Entry {
  session: CachedSession;
  /** Epoch milliseconds after which the entry is forgotten, whatever the channel says. */
  until: number;
}

/**
 * Session liveness in this process's memory: bounded (the oldest entry goes first) and each
 * entry kept only `ttlMs`, a backstop for an invalidation that never came. A revocation is
 * final: a live answer read before it arrived never replaces it.
 */
export class SessionMemory {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly limits: { maxEntries: number; ttlMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(sessionId: string): CachedSession | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.session;
    this.#entries.delete(sessionId);
    return undefined;
  }

  remember(sessionId: string, session: CachedSession): void {
    if (!session.revoked && this.#entries.get(sessionId)?.session.revoked) return;
    this.#entries.delete(sessionId);
    this.#entries.set(sessionId, { session, until: this.now() + this.limits.ttlMs });
    if (this.#entries.size > this.limits.maxEntries) {
      // A Map iterates in insertion order: the first key is the oldest entry.
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  /** Forgets a live session; a revocation stays (it is final). */
  forget(sessionId: string): void {
    if (!this.#entries.get(sessionId)?.session.revoked) this.#entries.delete(sessionId);
  }

  clear(): void {
    this.#entries.clear();
  }
}
