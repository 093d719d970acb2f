/**
 * The restore drill (issue 29, docs/operations.md "Backups and point-in-time recovery"), on
 * private Postgres servers of its own (never the shared one): a primary configured by
 * `npm run db:backup -- --configure`, money written through the ledger (group commit, as the
 * API's), a base backup by `npm run db:backup`, more money and a signed daily head, a noted
 * second, more money, a head signed after it and a table dropped by mistake; the primary then
 * lost. `npm run db:restore -- --to "<that second>+05:30"` and `-- --to <ledger seq>` each bring
 * up a copy on another port, which must hold every account, event, posting and signed head
 * exactly as they were at the point, nothing after, and pass verifyLedger (the heads signed
 * before the point verify; the seq restore runs `ledger:verify` itself). `-- --to latest`
 * replays the whole archive, the mistaken DROP included; the seq's commit time is looked up
 * there, as an operator does once the primary is gone. Prints the figures: backup size and time, WAL per 1,000 transfers,
 * restore time.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { khataTypes, Ledger, signLedgerHead, verifyLedger, publicKeyPem } from '@khata/ledger';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrate } from '../../apps/api/src/database/data-source.js';
import { openAccount, transferEvent } from '../support/ledger-accounts.js';
import {
  freePort,
  giveToServerUser,
  initPrivatePostgres,
  managedPostgres,
  type PrivatePostgres,
} from '../support/private-postgres.js';

const exec = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');
const SHOPS = 20;
const { privateKey } = generateKeyPairSync('ed25519');

/** Every row of the ledger's own tables, as Postgres prints it (jsonb text): the state to compare. */
async function ledgerState(db: pg.Pool): Promise<Record<string, string[]>> {
  const state: Record<string, string[]> = {};
  for (const [table, order] of [
    ['ledger_accounts', 'id'],
    ['ledger_events', 'seq'],
    ['ledger_postings', 'id'],
    ['ledger_limits', 'id'],
    ['ledger_signed_heads', 'day'],
  ] as const) {
    const { rows } = await db.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY ${order}`,
    );
    state[table] = rows.map((row) => row.row);
  }
  return state;
}

/** The balance of every account, by id: credits_posted - debits_posted, and the pending holds. */
async function balancesOf(db: pg.Pool): Promise<Record<string, string>> {
  const { rows } = await db.query<{ id: string; balance: string }>(
    `SELECT id, (credits_posted - debits_posted)::text || '/' || debits_pending::text AS balance
       FROM ledger_accounts ORDER BY id`,
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.balance]));
}

/** `count` transfers among the shops, drawn from a fixed seed, appended all at once. */
async function transfers(ledger: Ledger, shops: string[], count: number, seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
  const moves = Array.from({ length: count }, () => {
    const from = next() % shops.length;
    const to = (from + 1 + (next() % (shops.length - 1))) % shops.length;
    return transferEvent(shops[from]!, shops[to]!, 1 + (next() % 5_000));
  });
  return Promise.all(moves.map((move) => ledger.append(move)));
}

async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [join(repoRoot, script), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${script} ${args.join(' ')} failed:\n${failed.stdout}\n${failed.stderr}`, {
      cause: error,
    });
  }
}

/** Switches to a new WAL segment and waits until the archiver has archived the one it closed. */
async function archiveCurrentSegment(db: pg.Pool): Promise<string> {
  const { rows: switched } = await db.query<{ file: string }>(
    'SELECT pg_walfile_name(pg_switch_wal()) AS file',
  );
  const file = switched[0]!.file;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await db.query<{ archived: string | null }>(
      'SELECT last_archived_wal AS archived FROM pg_stat_archiver',
    );
    if ((rows[0]!.archived ?? '') >= file) return file;
    if (Date.now() > deadline) throw new Error(`WAL ${file} was not archived`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The India time of an epoch second, as an operator types it: "2026-11-27 14:04:00+05:30". */
function indiaTime(epochSeconds: number): string {
  const shifted = new Date((epochSeconds + 5.5 * 3600) * 1000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)}+05:30`;
}

describe('restore drill: base backup, WAL archive, point-in-time restore', () => {
  let root: string;
  let primary: PrivatePostgres;
  const restored: PrivatePostgres[] = [];
  const pools: pg.Pool[] = [];
  const newPool = (url: string) => {
    const pool = new pg.Pool({ connectionString: url, max: 8, types: khataTypes });
    pool.on('error', () => undefined);
    pools.push(pool);
    return pool;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'khata-drill-'));
    giveToServerUser(root);
    primary = await initPrivatePostgres(join(root, 'primary'));
    await primary.start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
    for (const server of [primary, ...restored]) await server?.kill();
    if (root) rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('restores to a chosen second and to a ledger seq, every balance and event as it was then', async () => {
    const backups = join(root, 'backups');
    const env = { DATABASE_URL: primary.url('khata'), KHATA_BACKUP_DIR: backups };
    const admin = newPool(primary.url());
    await admin.query('CREATE DATABASE khata');

    // Archiving is configured by the project's script, as an operator would; it needs a restart.
    const configured = await runScript('scripts/db-backup.mjs', ['--configure'], env);
    expect(configured).toContain('restart the server for archive_mode');
    await expect(runScript('scripts/db-backup.mjs', [], env)).rejects.toThrow(
      'the server does not archive its WAL',
    );
    await primary.restart();
    await migrate(primary.url('khata'));

    const db = newPool(primary.url('khata'));
    const ledger = new Ledger(db, { groupCommit: { concurrency: 2 } });
    const bank = await openAccount(db, { floorExempt: true });
    const shops: string[] = [];
    for (let index = 0; index < SHOPS; index++) shops.push(await openAccount(db));
    await Promise.all(shops.map((shop) => ledger.append(transferEvent(bank, shop, 10_000_000))));
    const serverNow = async () =>
      (await db.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;

    // 1,000 transfers: the WAL they write.
    const walAt = async () =>
      (await db.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!
        .lsn;
    const walBefore = await walAt();
    await transfers(ledger, shops, 1_000, 1);
    const walBytes = Number(
      (
        await db.query<{ bytes: string }>(
          'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1)::text AS bytes',
          [walBefore],
        )
      ).rows[0]!.bytes,
    );
    await signLedgerHead(db, { day: '2026-11-25', dayEnd: await serverNow(), key: privateKey });

    // A segment archived before the base backup: the backup's pruning removes it (keeping one
    // backup, the WAL before it is of no use).
    const beforeBackup = await archiveCurrentSegment(db);
    expect(existsSync(join(backups, 'wal', `${beforeBackup}.gz`))).toBe(true);

    // The base backup, by the script an operator schedules.
    const backupStarted = Date.now();
    const backedUp = await runScript('scripts/db-backup.mjs', [], env);
    const backupSeconds = (Date.now() - backupStarted) / 1000;
    const meta = JSON.parse(
      (await exec('sh', ['-c', `cat ${backups}/base/*/khata-backup.json`])).stdout,
    ) as {
      bytes: number;
      seconds: number;
      ledgerSeqAtEnd: string;
    };
    expect(backedUp).toContain(`(ledger at seq ${meta.ledgerSeqAtEnd})`);
    expect(existsSync(join(backups, 'wal', `${beforeBackup}.gz`))).toBe(false);

    const walAfterBackup = await walAt();

    // After the backup: more money, the next day's head, and one last transfer alone.
    // KHATA_DRILL_TRANSFERS makes this stretch longer, to measure WAL replay at scale.
    await transfers(ledger, shops, Number(process.env.KHATA_DRILL_TRANSFERS ?? 300), 2);
    await signLedgerHead(db, { day: '2026-11-26', dayEnd: await serverNow(), key: privateKey });
    const last = await ledger.append(transferEvent(shops[0]!, shops[1]!, 4_242));

    // The point: the next whole second, once the server's clock has passed it.
    const now = (await serverNow()).getTime() / 1000;
    const pointSecond = Math.floor(now) + 1;
    await new Promise((done) => setTimeout(done, (pointSecond - now) * 1000 + 150));
    expect((await serverNow()).getTime()).toBeGreaterThan(pointSecond * 1000);
    const point = indiaTime(pointSecond);
    // The WAL written between the backup and the point: what a restore replays on top of it.
    const replayBytes = Number(
      (
        await db.query<{ bytes: string }>(
          'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1)::text AS bytes',
          [walAfterBackup],
        )
      ).rows[0]!.bytes,
    );
    const atPoint = await ledgerState(db);
    const balancesAtPoint = await balancesOf(db);

    // After the point: more money, a head signed, and a table dropped by mistake.
    await transfers(ledger, shops, 300, 3);
    await signLedgerHead(db, { day: '2026-11-27', dayEnd: await serverNow(), key: privateKey });
    const afterPoint = await ledgerState(db);
    expect(afterPoint.ledger_events!.length).toBe(atPoint.ledger_events!.length + 300);
    await db.query('DROP TABLE ledger_postings CASCADE');

    // The last segment archived (archive_timeout would do it within a minute), then the primary lost.
    await archiveCurrentSegment(db);
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
    await primary.kill();
    const archived = (await exec('du', ['-sb', join(backups, 'wal')])).stdout;
    const archiveBytes = Number(archived.split('\t')[0]);

    const restoreTo = async (to: string, extra: string[], verify = false) => {
      const port = await freePort();
      const dataDir = join(root, `restored-${port}`);
      mkdirSync(dataDir);
      giveToServerUser(dataDir);
      restored.push(managedPostgres(dataDir, port));
      const output = await runScript(
        'scripts/db-restore.mjs',
        ['--to', to, '--port', String(port), '--data-dir', dataDir, ...extra].concat(
          verify ? [] : ['--no-verify'],
        ),
        { ...env, LEDGER_PUBLIC_KEY: publicKeyPem(privateKey) },
      );
      // The script's own figure: from start to the copy open for writing (before any verify).
      const summary = output.split('\n').find((line) => line.startsWith('{"restore"'));
      const { seconds } = (JSON.parse(summary!) as { restore: { seconds: number } }).restore;
      return { url: `postgres://postgres@127.0.0.1:${port}/khata`, output, seconds };
    };

    const checkCopy = async (url: string) => {
      const copy = newPool(url);
      expect(await balancesOf(copy)).toEqual(balancesAtPoint);
      const state = await ledgerState(copy);
      for (const table of Object.keys(atPoint)) expect(state[table]).toEqual(atPoint[table]);
      expect(state.ledger_signed_heads!.map((row) => JSON.parse(row).day)).toEqual([
        '2026-11-25',
        '2026-11-26',
      ]);
      const verification = await verifyLedger(copy, { trustedKeys: [publicKeyPem(privateKey)] });
      expect(verification.violations).toEqual([]);
      expect(verification.checked.signedHeads).toBe(2);
      return copy;
    };

    // To the noted second, typed as an operator would.
    const byTime = await restoreTo(point, []);
    expect(byTime.output).toContain(`to ${point}`);
    // The primary kept its configuration outside its data folder, as Debian does: the copy got
    // one written for it, which does not archive into the primary's WAL archive.
    const copyDir = restored[0]!.dataDir;
    expect(readFileSync(join(copyDir, 'postgresql.conf'), 'utf8')).toContain(
      'Written by db:restore',
    );
    expect(readFileSync(join(copyDir, 'postgresql.auto.conf'), 'utf8')).toMatch(
      /archive_mode = off\n/,
    );
    await checkCopy(byTime.url);

    // To the end of the archive (the disk lost): everything, the mistaken DROP included.
    const latest = await restoreTo('latest', []);
    const latestCopy = newPool(latest.url);
    const { rows: latestTables } = await latestCopy.query<{ postings: string | null }>(
      "SELECT to_regclass('ledger_postings')::text AS postings",
    );
    expect(latestTables[0]!.postings).toBeNull();
    const { rows: latestEvents } = await latestCopy.query<{ row: string }>(
      'SELECT to_jsonb(t)::text AS row FROM ledger_events t ORDER BY seq',
    );
    expect(latestEvents.map((row) => row.row)).toEqual(afterPoint.ledger_events);

    // To a time the archive does not reach: Postgres refuses, and the script says why.
    await expect(restoreTo(indiaTime(Math.ceil(Date.now() / 1000) + 3_600), [])).rejects.toThrow(
      'recovery ended before configured recovery target was reached',
    );

    // To the last ledger seq before the point, its commit time looked up on that copy (the
    // primary is gone); the script runs `npm run ledger:verify` on the copy, with the published key.
    const bySeq = await restoreTo(last.seq, ['--lookup-url', latest.url], true);
    expect(bySeq.output).toContain(`to ledger seq ${last.seq}`);
    expect(bySeq.output).toContain('2 signed heads against the published key.');
    expect(bySeq.output).toContain('The ledger verifies: every invariant holds.');
    await checkCopy(bySeq.url);

    const figures = {
      backup: { bytes: meta.bytes, seconds: meta.seconds, scriptSeconds: backupSeconds },
      walBytesPer1000Transfers: walBytes,
      walReplayedToPointBytes: replayBytes,
      walArchiveBytes: archiveBytes,
      restoreSeconds: { toTime: byTime.seconds, toSeq: bySeq.seconds, latest: latest.seconds },
      events: { atBackup: Number(meta.ledgerSeqAtEnd), atPoint: atPoint.ledger_events!.length },
    };
    mkdirSync(join(repoRoot, 'tests/.artifacts'), { recursive: true });
    writeFileSync(
      join(repoRoot, 'tests/.artifacts/restore-drill.json'),
      `${JSON.stringify(figures, null, 2)}\n`,
    );
    console.log(
      `restore drill: base backup ${(meta.bytes / 1024 / 1024).toFixed(1)} MB in ${meta.seconds.toFixed(1)} s; ` +
        `WAL per 1,000 transfers ${(walBytes / 1024 / 1024).toFixed(2)} MB; ` +
        `${(replayBytes / 1024 / 1024).toFixed(1)} MB of WAL from the backup to the point; ` +
        `WAL archive ${(archiveBytes / 1024 / 1024).toFixed(1)} MB (gzip); ` +
        `restore to a second ${byTime.seconds.toFixed(1)} s, to a seq ${bySeq.seconds.toFixed(1)} s, ` +
        `to the end of the archive ${latest.seconds.toFixed(1)} s`,
    );
  }, 120_000);
});
