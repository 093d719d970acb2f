import { fail, pass, type Check } from '../check.js';
import type { Ok, PageRequest } from './common.js';
import { pagingOf } from './paging.js';

/**
 * Database (`/admin/database`, issue 14): a read-only look at the database for admins, the
 * ledger's verification run as a background job, and the ledger's signed heads.
 */

export interface DatabaseTable {
  name: string;
  /** Rows: exact below `ROW_COUNT_EXACT_BELOW` estimated rows, else Postgres's estimate. */
  rows: number;
  rowsEstimated: boolean;
  /** Table, indexes and TOAST, bytes. */
  totalBytes: number;
  tableBytes: number;
  indexBytes: number;
}

/** Tables whose estimate is below this many rows are counted exactly. */
export const ROW_COUNT_EXACT_BELOW = 100_000;

export type VerifyRunStatus = 'queued' | 'running' | 'passed' | 'failed' | 'error';

export interface VerifyRun {
  id: string;
  status: VerifyRunStatus;
  requestedAt: string;
  requestedBy: { id: string; name: string | null; mobile: string | null } | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  /** What the verify looked at, once it finished. */
  checked: { events: number; postings: number; accounts: number; signedHeads: number } | null;
  violationCount: number;
  /** The first violations (at most `VERIFY_VIOLATIONS_KEPT`), in plain words. */
  violations: string[];
  /** Why the run could not finish (status `error`). */
  error: string | null;
}

export const VERIFY_VIOLATIONS_KEPT = 200;

export interface ReadModelLag {
  /** The highest event seq of the ledger (0 when empty). */
  ledgerSeq: number;
  /** The highest seq the read model has projected. */
  projectedSeq: number;
  /** Events of the ledger the read model has not projected yet. */
  notProjected: number;
}

/**
 * The streaming replica the reads that may lag go to (issue 29, docs/scaling.md): its lag, and
 * whether those reads go to the primary instead right now.
 */
export interface ReplicaLag {
  /** DATABASE_REPLICA_URL is set. */
  configured: boolean;
  /** null until first looked at (and when not configured). */
  reachable: boolean | null;
  /** The primary's WAL position less the replica's replayed one. */
  lagBytes: number | null;
  /** 0 when caught up; else since the last replayed transaction committed. */
  lagMs: number | null;
  /** When the last transaction the replica replayed committed on the primary, ISO. */
  replayedAt: string | null;
  /** REPLICA_MAX_LAG_MS: past it, the reads go to the primary. */
  maxLagMs: number;
  /** The reads that may lag go to the primary now (no replica, unreachable, or past the bound). */
  readsFromPrimary: boolean;
  /** Why they go to the primary; null when they go to the replica. */
  reason: string | null;
  /** Reads this process sent to the primary although a replica is configured. */
  fallbackReads: number;
  /** When this process last looked, ISO. */
  checkedAt: string | null;
}

export interface QueueDepth {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface AppliedMigration {
  id: number;
  name: string;
  /** The timestamp the migration's name carries, ISO. */
  timestamp: string;
}

export interface DatabaseOverview extends Ok {
  tables: DatabaseTable[];
  lastVerify: VerifyRun | null;
  readModel: ReadModelLag;
  replica: ReplicaLag;
  queues: QueueDepth[];
  migrations: AppliedMigration[];
}

/** `POST /api/admin/database/verify`: starts a run, or answers the one already open. */
export interface StartVerifyAnswer extends Ok {
  started: boolean;
  run: VerifyRun;
}

export interface ChainHeadRow {
  accountId: string;
  /** The owner's name and mobile, or the system account's code. */
  owner: { id: string; name: string | null; mobile: string | null } | null;
  code: string | null;
  kind: string;
  postings: number;
  lastPostingId: number | null;
  /** The first 16 hex digits of the chain's head hash. */
  headPrefix: string;
}

export type ChainHeadsRequest = PageRequest;

export interface ChainHeadsAnswer extends Ok {
  data: ChainHeadRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SignedHeadRow {
  day: string;
  seq: number;
  digest: string;
  signedAt: string;
}

export interface SignedHeadsAnswer extends Ok {
  data: SignedHeadRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The download of a day's signed head: all anyone needs to check it. */
export interface SignedHeadFile {
  format: 'khata-ledger-head v1';
  day: string;
  seq: number;
  /** SHA-256 of the chain heads, hex. */
  digest: string;
  /** The exact text that was signed. */
  message: string;
  /** Ed25519 over `message`, base64. */
  signature: string;
  algorithm: 'Ed25519';
  /** PEM (SPKI). */
  publicKey: string;
  signedAt: string;
  howToCheck: string[];
}

/** `GET /api/public/ledger-key`. */
export interface LedgerKeyAnswer extends Ok {
  algorithm: 'Ed25519';
  publicKey: string;
}

export const DATABASE_PAGE_SIZE_MAX = 50;
export const DATABASE_PAGE_SIZE_DEFAULT = 20;
export const databasePaging = pagingOf(DATABASE_PAGE_SIZE_MAX, DATABASE_PAGE_SIZE_DEFAULT);

export const DatabaseMessages = {
  verifyStarted: 'The ledger verify has started; its result shows here when it finishes.',
  verifyAlreadyRunning:
    'A ledger verify is already running; its result shows here when it finishes.',
  badDay: 'Choose a day as YYYY-MM-DD.',
  ...databasePaging.messages,
  noSignedHead: (day: string) => `The ledger's head of ${day} has not been signed.`,
  queueUnavailable: 'The job queue is not answering; try again in a minute.',
} as const;

export const { checkPage: checkDatabasePage, checkPageSize: checkDatabasePageSize } =
  databasePaging;

/** A calendar day, `YYYY-MM-DD`, that exists. */
export function checkSignedHeadDay(value: unknown): Check<string> {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return fail(DatabaseMessages.badDay);
  }
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
    ? pass(value)
    : fail(DatabaseMessages.badDay);
}
