import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ReplicaLag } from '@khata/domain';
import { khataTypes } from '@khata/ledger';
import pg from 'pg';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { inTransaction } from './in-transaction.js';
import type { Tx } from './unit-of-work.js';

/** How long one look at the replica's lag is trusted: reads in between take its answer. */
export const LAG_CHECK_EVERY_MS = 1000;

/** Sessions that cannot write: Postgres refuses an INSERT, UPDATE or DDL in them (25006). */
const READ_ONLY_SESSION = '-c default_transaction_read_only=on';

/** SQLSTATE 08xxx and 57P0x (shut down, cannot connect now), and Node's socket errors. */
const CONNECTION_LOST = /^(08|57P0)|^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/;

/** The replica went away (not a query's own failure): the read is answered by the primary. */
export function isConnectionError(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return CONNECTION_LOST.test(code);
  // pg's own, without a code: a socket closed under a query, or no connection in time.
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect/.test(message)
  );
}

/** `16/B374D848` as a number of bytes from the start of the WAL. */
function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The reads that may lag (docs/scaling.md, "Which reads may lag"; issue 29): reports, CSV
 * exports, Monthly Stats' figures, map points. They go to the streaming replica
 * (DATABASE_REPLICA_URL) while it is within REPLICA_MAX_LAG_MS of the primary, and to the
 * primary otherwise (or when there is no replica). Either way on sessions that cannot write.
 *
 * On purpose NOT a `Tx`: it has `read`, not `query`, so it cannot be handed to the ledger or to
 * any repository method that takes a `Tx`, and money code never receives it (a test scans the
 * money folders' imports: tests/unit/lagging-reads-boundary.spec.ts).
 */
@Injectable()
export class LaggingReads implements OnModuleDestroy {
  private readonly logger = new Logger('LaggingReads');
  /** Read-only sessions on the primary: the fallback, and the primary's WAL position. */
  private readonly primary: pg.Pool;
  private readonly replica: pg.Pool | undefined;
  private readonly maxLagMs: number;
  private status: ReplicaLag;
  private checkedAt = 0;
  private checking: Promise<ReplicaLag> | undefined;
  private fallbackReads = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.maxLagMs = config.replica.maxLagMs;
    this.primary = readOnlyPool(config.databaseUrl, 'khata-reads');
    this.replica = config.replica.url
      ? readOnlyPool(config.replica.url, 'khata-replica-reads')
      : undefined;
    this.status = {
      configured: this.replica !== undefined,
      reachable: null,
      lagBytes: null,
      lagMs: null,
      replayedAt: null,
      maxLagMs: this.maxLagMs,
      readsFromPrimary: true,
      reason: this.replica ? 'not checked yet' : 'no DATABASE_REPLICA_URL',
      fallbackReads: 0,
      checkedAt: null,
    };
  }

  /** One SELECT, on the replica or (past the bound) the primary. */
  async read<Row = Record<string, unknown>>(sql: string, params?: unknown[]) {
    const run = (pool: pg.Pool) =>
      pool.query(sql, params) as unknown as Promise<{ rows: Row[]; rowCount: number | null }>;
    return this.onChosen(run);
  }

  /**
   * Reads that must agree with each other in one REPEATABLE READ, READ ONLY transaction on one
   * server (a page and its totals; a month's figures). `tx` can only read: the session is
   * read-only at the database.
   */
  snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.onChosen((pool) =>
      inTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY', work),
    );
  }

  /** A read-only connection for a long export (CsvStreamer's cursor); released by the caller. */
  connect(): Promise<pg.PoolClient> {
    return this.onChosen((pool) => pool.connect());
  }

  /** The replica as the Database screen shows it: looked at again if the last look is stale. */
  async lag(): Promise<ReplicaLag> {
    if (!this.replica) return this.status;
    if (this.stale()) await this.refresh();
    return { ...this.status, fallbackReads: this.fallbackReads };
  }

  private stale(): boolean {
    return Date.now() - this.checkedAt >= LAG_CHECK_EVERY_MS;
  }

  /** One look at a time; every caller of a look in flight shares it. */
  private refresh(): Promise<ReplicaLag> {
    this.checking ??= this.check().finally(() => (this.checking = undefined));
    return this.checking;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.primary.end(), this.replica?.end()]);
  }

  /**
   * A read goes where the last look said, and never waits for a look: a stale one starts the
   * next in the background (a replica that hangs on connect holds up the look, for up to the
   * pool's 5 s, not the reports). Before the first look has answered, reads go to the primary.
   */
  private async onChosen<T>(work: (pool: pg.Pool) => Promise<T>): Promise<T> {
    if (!this.replica) return work(this.primary);
    if (this.stale()) void this.refresh();
    if (this.status.readsFromPrimary) {
      this.fallbackReads += 1;
      return work(this.primary);
    }
    try {
      return await work(this.replica);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      // Gone since the last look: this read goes to the primary, the next look says why.
      this.checkedAt = 0;
      this.fallbackReads += 1;
      this.logger.warn(`A read failed on the replica, answered by the primary: ${String(error)}`);
      return work(this.primary);
    }
  }

  /**
   * Bytes: the primary's WAL position less the replica's replayed one (0 when caught up, the
   * right answer when the primary is idle). Time: 0 when caught up, else how long ago the last
   * transaction the replica replayed committed on the primary (after an idle hour, one new
   * write makes that an hour until it is replayed: the read goes to the primary meanwhile,
   * which is safe).
   */
  private async check(): Promise<ReplicaLag> {
    const replica = this.replica!;
    let next: Partial<ReplicaLag>;
    try {
      const [{ rows: standby }, { rows: primary }] = await Promise.all([
        replica.query<{ standby: boolean; replayed: string | null; replayed_at: Date | null }>(
          `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
                  pg_last_xact_replay_timestamp() AS replayed_at`,
        ),
        this.primary.query<{ lsn: string; now: Date }>(
          'SELECT pg_current_wal_lsn()::text AS lsn, clock_timestamp() AS now',
        ),
      ]);
      const { standby: inRecovery, replayed, replayed_at: replayedAt } = standby[0]!;
      const { lsn, now } = primary[0]!;
      if (!inRecovery || !replayed) {
        next = { reachable: true, reason: 'the replica is not a standby in recovery' };
      } else {
        const bytes = lsnBytes(lsn) - lsnBytes(replayed);
        const lagBytes = bytes > 0n ? Number(bytes) : 0;
        const lagMs =
          lagBytes === 0
            ? 0
            : replayedAt
              ? Math.max(0, now.getTime() - replayedAt.getTime())
              : null;
        const within = lagMs !== null && lagMs <= this.maxLagMs;
        next = {
          reachable: true,
          lagBytes,
          lagMs,
          replayedAt: replayedAt?.toISOString() ?? null,
          reason: within ? null : `lag ${lagMs ?? 'unknown'} ms is past ${this.maxLagMs} ms`,
        };
      }
    } catch (error) {
      next = {
        reachable: false,
        lagBytes: null,
        lagMs: null,
        reason: `unreachable: ${(error as Error).message}`,
      };
    }
    const readsFromPrimary = next.reason !== null;
    if (readsFromPrimary !== this.status.readsFromPrimary || next.reason !== this.status.reason) {
      if (readsFromPrimary) {
        this.logger.warn(`Reads that may lag go to the primary: ${next.reason}`);
      } else this.logger.log(`Reads that may lag go to the replica again (lag ${next.lagMs} ms)`);
    }
    this.status = {
      ...this.status,
      ...next,
      readsFromPrimary,
      fallbackReads: this.fallbackReads,
      checkedAt: new Date().toISOString(),
    };
    this.checkedAt = Date.now();
    return this.status;
  }
}

function readOnlyPool(connectionString: string, applicationName: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    application_name: applicationName,
    options: READ_ONLY_SESSION,
    max: 8,
    connectionTimeoutMillis: 5000,
    types: khataTypes,
  });
  // An idle connection the server closed (a restarted replica) is not the app's crash.
  pool.on('error', () => undefined);
  return pool;
}
