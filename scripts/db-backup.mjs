#!/usr/bin/env node
/**
 * `npm run db:backup`: a base backup of the database server (pg_basebackup, tar + gzip, with
 * the WAL that makes it consistent) into the backup folder, then old backups pruned. What an
 * operator schedules (docs/operations.md, "Backups and point-in-time recovery"); point-in-time
 * recovery also needs the server's continuous WAL archiving, which
 *
 * `npm run db:backup -- --configure` sets up once (ALTER SYSTEM, needs a superuser): wal_level
 * replica, archive_mode on, an archive_command that gzips each finished WAL segment into
 * `<backup dir>/wal`, archive_timeout (a segment is archived at least this often while
 * anything is written: the RPO) and track_commit_timestamp (to restore to a ledger seq).
 * archive_mode, wal_level and track_commit_timestamp take effect at the server's next restart.
 *
 * Configuration: DATABASE_URL (the server; any database on it), KHATA_BACKUP_DIR (default
 * `.khata/backups`), KHATA_WAL_ARCHIVE_DIR (default `<backup dir>/wal`: a folder the database
 * server's own user writes, on the server's machine), KHATA_BACKUP_KEEP (base backups kept,
 * default 7; WAL older than the oldest kept is removed), KHATA_ARCHIVE_TIMEOUT (default 60s),
 * PG_BINDIR. `--dir`, `--archive-dir`, `--keep`, `--archive-timeout` override them.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  archiveCommand,
  backupDir,
  baseBackups,
  DEFAULT_DATABASE_URL,
  megabytes,
  parseArgs,
  pgBin,
  run,
  sizeOf,
} from './lib/postgres-tools.mjs';

const say = (text) => console.log(`db:backup: ${text}`);

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    flags: ['configure'],
    options: ['dir', 'archive-dir', 'keep', 'archive-timeout'],
  });
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const dir = backupDir(args.dir);
  const archiveDir = args['archive-dir'] ?? process.env.KHATA_WAL_ARCHIVE_DIR ?? join(dir, 'wal');
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`the server at DATABASE_URL does not answer (${error.message}).`, {
      cause: error,
    });
  }
  try {
    if (args.configure) {
      const timeout = args['archive-timeout'] ?? process.env.KHATA_ARCHIVE_TIMEOUT ?? '60s';
      await configure(client, archiveDir, timeout);
      return;
    }
    const keep = Number(args.keep ?? process.env.KHATA_BACKUP_KEEP ?? 7);
    if (!Number.isInteger(keep) || keep < 1)
      throw new Error('--keep takes a whole number, 1 or more.');
    await requireArchiving(client);
    await baseBackup(client, databaseUrl, dir);
    await prune(dir, archiveDir, keep);
  } finally {
    await client.end();
  }
}

async function configure(client, archiveDir, timeout) {
  mkdirSync(archiveDir, { recursive: true });
  // The server's user writes the archive. Root running this on the server's machine hands it over.
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', archiveDir]);
  const settings = {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: archiveCommand(archiveDir),
    archive_timeout: timeout,
    track_commit_timestamp: 'on',
  };
  for (const [name, value] of Object.entries(settings)) {
    await client.query(`ALTER SYSTEM SET ${name} = ${pg.escapeLiteral(value)}`);
  }
  const loaded = await client.query('SELECT pg_conf_load_time()::text AS at');
  await client.query('SELECT pg_reload_conf()');
  // The reload is a signal each session handles in its own time: wait until this one has read
  // the files again, so that pending_restart below is about this change.
  for (let waited = 0; ; waited += 100) {
    const { rows } = await client.query('SELECT pg_conf_load_time()::text AS at');
    if (rows[0].at !== loaded.rows[0].at) break;
    if (waited > 30_000) throw new Error('the server did not reload its configuration in 30 s.');
    await new Promise((done) => setTimeout(done, 100));
  }
  const { rows } = await client.query(
    `SELECT name FROM pg_settings WHERE pending_restart AND name = ANY ($1) ORDER BY name`,
    [Object.keys(settings)],
  );
  say(`WAL is archived to ${archiveDir} (archive_timeout ${timeout}).`);
  say(
    rows.length
      ? `restart the server for ${rows.map((row) => row.name).join(', ')} to take effect ` +
          '(Debian: pg_ctlcluster 15 main restart), then run `npm run db:backup` for a first base backup.'
      : 'in effect now; run `npm run db:backup` for a first base backup.',
  );
}

async function requireArchiving(client) {
  const { rows } = await client.query(
    `SELECT current_setting('archive_mode') AS mode, current_setting('archive_command') AS command`,
  );
  const { mode, command } = rows[0];
  if (mode === 'off' || !command) {
    throw new Error(
      'the server does not archive its WAL, so a base backup alone could only restore to the ' +
        'moment it was taken: run `npm run db:backup -- --configure` once and restart the server.',
    );
  }
}

async function baseBackup(client, databaseUrl, dir) {
  const { rows } = await client.query(
    `SELECT current_setting('server_version_num')::int / 10000 AS major, now() AS started_at`,
  );
  const { major, started_at: startedAt } = rows[0];
  const startSeq = await ledgerSeq(client);
  const stamp = new Date(startedAt)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const target = join(dir, 'base', stamp);
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(join(dir, 'base'), { recursive: true });
  const began = Date.now();
  await run(join(pgBin(major), 'pg_basebackup'), [
    '--dbname',
    databaseUrl,
    '--pgdata',
    partial,
    '--format',
    'tar',
    '--gzip',
    '--wal-method',
    'stream',
    '--checkpoint',
    'fast',
    '--label',
    `khata ${stamp}`,
    '--no-password',
  ]);
  const seconds = (Date.now() - began) / 1000;
  // Read after pg_basebackup returned, so later than the backup's consistent point: a restore
  // to any time after `endedAt` can start from this backup.
  const ended = await client.query(`SELECT clock_timestamp() AS ended_at`);
  const endSeq = await ledgerSeq(client);
  const manifest = JSON.parse(readFileSync(join(partial, 'backup_manifest'), 'utf8'));
  const bytes = sizeOf(partial);
  const meta = {
    label: `khata ${stamp}`,
    startedAt: new Date(startedAt).toISOString(),
    endedAt: new Date(ended.rows[0].ended_at).toISOString(),
    serverMajor: major,
    bytes,
    seconds,
    ledgerSeqAtStart: startSeq,
    ledgerSeqAtEnd: endSeq,
    walRanges: manifest['WAL-Ranges'],
  };
  writeFileSync(join(partial, 'khata-backup.json'), `${JSON.stringify(meta, null, 2)}\n`);
  renameSync(partial, target);
  say(
    `base backup ${stamp}: ${megabytes(bytes)} in ${seconds.toFixed(1)} s` +
      (endSeq === null ? '' : ` (ledger at seq ${endSeq})`) +
      ` into ${target}`,
  );
  return meta;
}

/**
 * The ledger's last event seq on DATABASE_URL's database, for the record; null when it has no
 * ledger or the backup role may not read it (a role with REPLICATION alone can back up).
 */
async function ledgerSeq(client) {
  try {
    const { rows } = await client.query(
      'SELECT coalesce(max(seq), 0)::text AS seq FROM ledger_events',
    );
    return rows[0].seq;
  } catch {
    return null;
  }
}

/** Keeps the newest `keep` base backups, and the archived WAL the oldest of them needs. */
async function prune(dir, archiveDir, keep) {
  const backups = baseBackups(dir);
  const dropped = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of dropped) rmSync(backup.path, { recursive: true, force: true });
  const oldest = backups[dropped.length];
  const range = oldest?.walRanges?.[0];
  if (!range) return;
  const firstSegment = walFileName(range.Timeline, range['Start-LSN']);
  await run(join(pgBin(oldest.serverMajor), 'pg_archivecleanup'), [
    '-x',
    '.gz',
    archiveDir,
    firstSegment,
  ]);
  if (dropped.length) {
    say(`removed ${dropped.length} older base backups and the WAL before ${firstSegment}.`);
  }
}

/** The WAL segment file holding `lsn` (16 MB segments, the default). */
function walFileName(timeline, lsn) {
  const [high, low] = lsn.split('/').map((part) => parseInt(part, 16));
  const hex = (value) => value.toString(16).toUpperCase().padStart(8, '0');
  return `${hex(timeline)}${hex(high)}${hex(Math.floor(low / 0x1000000))}`;
}

main().catch((error) => {
  console.error(`db:backup: ${error.message}`);
  process.exitCode = 1;
});
