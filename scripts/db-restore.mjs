#!/usr/bin/env node
/**
 * `npm run db:restore -- --to "2026-11-27 14:04:00+05:30"`: a restored copy of the database
 * server as it was at that moment, brought up as a new cluster on another port (the live one is
 * never touched), then `ledger:verify` run on it. Point-in-time recovery: the newest base backup
 * taken before the target (`npm run db:backup`) is unpacked, and Postgres replays the archived
 * WAL up to the last transaction that committed at or before the target, then opens for
 * writing (docs/operations.md, "Backups and point-in-time recovery").
 *
 *   --to <time>      a timestamp with its zone ("…+05:30", "…Z"): every transaction committed
 *                    at or before it is there, none after;
 *   --to <seq>       a ledger event seq: the moment the transaction that wrote it committed
 *                    (its commit timestamp, looked up on --lookup-url, default DATABASE_URL,
 *                    which must still have that event: the live database, or a copy restored
 *                    with --to latest; the server must have had track_commit_timestamp on);
 *   --to latest      all the archived WAL (after the disk is lost).
 *   --port           the restored cluster's port (default 5433); --listen (default 127.0.0.1)
 *   --data-dir       where it goes (default <backup dir>/restores/<now>-<port>), empty or new
 *   --dir            the backup folder (KHATA_BACKUP_DIR, default .khata/backups)
 *   --database       the database to verify (default DATABASE_URL's, `khata`)
 *   --no-verify      skip `npm run ledger:verify` on the copy
 *
 * The copy does not archive (the primary's archive is left alone) and listens on TCP only.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  asServerUser,
  backupDir,
  baseBackups,
  confValue,
  DEFAULT_DATABASE_URL,
  parseArgs,
  pgBin,
  repoRoot,
  restoreCommand,
  run,
} from './lib/postgres-tools.mjs';

const say = (text) => console.log(`db:restore: ${text}`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    flags: ['no-verify'],
    options: ['to', 'port', 'listen', 'data-dir', 'dir', 'database', 'lookup-url', 'archive-dir'],
  });
  if (!args.to)
    throw new Error(
      'say where to: --to "2026-11-27 14:04:00+05:30", --to <ledger seq> or --to latest.',
    );
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const database = args.database ?? (new URL(databaseUrl).pathname.slice(1) || 'khata');
  const port = Number(args.port ?? 5433);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error('--port takes a port number.');
  const listen = args.listen ?? '127.0.0.1';
  const dir = backupDir(args.dir);
  const archiveDir = args['archive-dir'] ?? process.env.KHATA_WAL_ARCHIVE_DIR ?? join(dir, 'wal');
  const began = Date.now();

  const target = await resolveTarget(args.to, args['lookup-url'] ?? databaseUrl);
  const backup = chooseBackup(dir, target);
  const dataDir =
    args['data-dir'] ??
    join(
      dir,
      'restores',
      `${new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z')}-${port}`,
    );
  say(
    `${target.description}: from base backup ${backup.name} (ended ${backup.endedAt}) into ${dataDir}.`,
  );

  await unpack(backup, dataDir);
  writeConfig(dataDir, { port, listen, archiveDir, target, backup });
  const bin = pgBin(backup.serverMajor);
  const [command, commandArgs] = asServerUser(join(bin, 'pg_ctl'), [
    '--pgdata',
    dataDir,
    '--log',
    join(dataDir, 'restore.log'),
    '--wait',
    '--timeout',
    '600',
    'start',
  ]);
  try {
    await run(command, commandArgs);
  } catch (error) {
    throw new Error(`the restored cluster did not start:\n${logTail(dataDir)}\n${error.message}`, {
      cause: error,
    });
  }
  // The copy has the same roles and passwords as the server it came from.
  const restored = new URL(databaseUrl);
  restored.hostname = listen.includes(':') ? `[${listen}]` : listen;
  restored.port = String(port);
  restored.pathname = `/${database}`;
  // Never the live server's socket (`?host=/var/run/postgresql`) nor its other options.
  restored.search = '';
  const restoredUrl = restored.toString();
  const reached = await awaitPromotion(dataDir, restoredUrl.replace(/\/[^/]*$/, '/postgres'));
  const seconds = (Date.now() - began) / 1000;
  const ledger = await ledgerState(restoredUrl);
  say(
    `restored in ${seconds.toFixed(1)} s: last transaction replayed ${reached ?? '(none after the backup)'}` +
      (ledger ? `; the ledger has ${ledger.events} events, up to seq ${ledger.seq}` : '') +
      '.',
  );
  say(
    `the restored copy: ${redact(restoredUrl)} (stop it: pg_ctl --pgdata ${dataDir} stop, as postgres)`,
  );
  console.log(
    JSON.stringify({
      restore: {
        seconds,
        dataDir,
        url: redact(restoredUrl),
        backup: backup.name,
        target: target.recoveryTime ?? 'latest',
        ledger,
      },
    }),
  );
  if (args['no-verify']) return;
  const verify = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: restoredUrl },
  });
  if (verify.status !== 0) {
    throw new Error(`ledger:verify on the restored copy failed (exit ${verify.status}).`);
  }
}

/**
 * `recoveryTime`: Postgres's recovery_target_time (text, to the microsecond); `at`: the same as
 * a Date, to choose the base backup; none for `latest`.
 */
async function resolveTarget(to, lookupUrl) {
  if (to === 'latest') return { description: 'to the end of the archived WAL' };
  if (/^\d+$/.test(to)) return seqTarget(to, lookupUrl);
  if (!/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(to.trim())) {
    throw new Error(`--to "${to}" has no time zone: add one, e.g. "2026-11-27 14:04:00+05:30".`);
  }
  const at = new Date(to.trim().replace(' ', 'T'));
  if (Number.isNaN(at.getTime()))
    throw new Error(`--to "${to}" is not a time Postgres and this script can read.`);
  return { recoveryTime: to.trim(), at, description: `to ${to}` };
}

async function seqTarget(seq, lookupUrl) {
  const client = new pg.Client({ connectionString: lookupUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `to find when seq ${seq} committed, ${redact(lookupUrl)} must answer (${error.message}). ` +
        'With the server lost, restore --to latest first and pass its URL as --lookup-url.',
      { cause: error },
    );
  }
  try {
    const { rows } = await client.query(
      `SELECT to_char(pg_xact_commit_timestamp(xmin) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS committed
         FROM ledger_events WHERE seq = $1`,
      [seq],
    );
    if (!rows.length) throw new Error(`${redact(lookupUrl)} has no ledger event ${seq}.`);
    if (!rows[0].committed) {
      throw new Error(
        `the commit time of event ${seq} was not kept (track_commit_timestamp was off then): restore --to a time.`,
      );
    }
    const recoveryTime = `${rows[0].committed}+00`;
    return {
      recoveryTime,
      at: new Date(`${rows[0].committed.replace(' ', 'T')}Z`),
      description: `to ledger seq ${seq} (its transaction committed ${recoveryTime})`,
    };
  } catch (error) {
    if (error.code === '55000') {
      throw new Error(
        'the server does not keep commit timestamps (run `npm run db:backup -- --configure`): restore --to a time.',
        { cause: error },
      );
    }
    throw error;
  } finally {
    await client.end();
  }
}

function redact(url) {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

/** The newest base backup that ended before the target (any, for `latest`). */
function chooseBackup(dir, target) {
  const backups = baseBackups(dir);
  if (!backups.length) throw new Error(`no base backup in ${dir}/base: run \`npm run db:backup\`.`);
  const usable = target.at
    ? backups.filter((backup) => Date.parse(backup.endedAt) < target.at.getTime())
    : backups;
  if (!usable.length) {
    throw new Error(
      `the oldest base backup in ${dir} ended ${backups[0].endedAt}, after the target: nothing can restore to before it.`,
    );
  }
  return usable[usable.length - 1];
}

async function unpack(backup, dataDir) {
  if (existsSync(dataDir) && readdirSync(dataDir).length) {
    throw new Error(`${dataDir} is not empty: choose another --data-dir.`);
  }
  mkdirSync(join(dataDir, 'pg_wal'), { recursive: true, mode: 0o700 });
  await run('chmod', ['700', dataDir]);
  await run('tar', ['-xzf', join(backup.path, 'base.tar.gz'), '-C', dataDir]);
  if (existsSync(join(backup.path, 'pg_wal.tar.gz'))) {
    await run('tar', ['-xzf', join(backup.path, 'pg_wal.tar.gz'), '-C', join(dataDir, 'pg_wal')]);
  }
  if (process.getuid?.() === 0) {
    await run('chown', ['-R', 'postgres:postgres', dataDir]);
    const reach = spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dataDir]);
    if (reach.status !== 0) {
      throw new Error(
        `the postgres user cannot reach ${dataDir}: choose a --data-dir under folders it may enter.`,
      );
    }
  }
}

function writeConfig(dataDir, { port, listen, archiveDir, target, backup }) {
  const write = (name, text) => writeFileSync(join(dataDir, name), text, { mode: 0o600 });
  // Debian keeps a cluster's postgresql.conf and pg_hba.conf in /etc/postgresql, outside the
  // data folder a base backup copies: the restored copy then gets minimal ones.
  if (!existsSync(join(dataDir, 'postgresql.conf'))) {
    write('postgresql.conf', '# Written by db:restore: the base backup had none.\n');
  }
  if (!existsSync(join(dataDir, 'pg_hba.conf'))) {
    write(
      'pg_hba.conf',
      '# Written by db:restore: a restored copy for this machine only.\n' +
        'local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n',
    );
  }
  if (!existsSync(join(dataDir, 'pg_ident.conf'))) write('pg_ident.conf', '');
  const settings = [
    `# db:restore ${new Date().toISOString()}: base backup ${backup.name}, ${target.description}`,
    `port = ${port}`,
    `listen_addresses = ${confValue(listen)}`,
    "unix_socket_directories = ''",
    `hba_file = ${confValue(join(dataDir, 'pg_hba.conf'))}`,
    `ident_file = ${confValue(join(dataDir, 'pg_ident.conf'))}`,
    // The copy must not write into the primary's archive (a new timeline there would confuse it).
    'archive_mode = off',
    "cluster_name = 'khata-restore'",
    'hot_standby = on',
    `restore_command = ${confValue(restoreCommand(archiveDir))}`,
    ...(target.recoveryTime
      ? [
          `recovery_target_time = ${confValue(target.recoveryTime)}`,
          'recovery_target_inclusive = on',
        ]
      : []),
    "recovery_target_action = 'promote'",
  ];
  appendFileSync(join(dataDir, 'postgresql.auto.conf'), `\n${settings.join('\n')}\n`);
  write('recovery.signal', '');
  if (process.getuid?.() === 0) {
    spawnSync('chown', ['-R', 'postgres:postgres', dataDir]);
  }
}

/** Waits for recovery to reach its target and the copy to open for writing. */
async function awaitPromotion(dataDir, adminUrl) {
  for (;;) {
    if (!existsSync(join(dataDir, 'postmaster.pid'))) {
      throw new Error(`the restored cluster stopped during recovery:\n${logTail(dataDir)}`);
    }
    const client = new pg.Client({ connectionString: adminUrl });
    // A cluster that gives up recovery (its target is past the archive's end) closes this
    // connection as it stops: an 'error' event with no listener would end the script there,
    // instead of the loop's next look finding it stopped and saying why, from its log.
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query(
        `SELECT pg_is_in_recovery() AS recovering, pg_last_xact_replay_timestamp()::text AS reached`,
      );
      if (!rows[0].recovering) return rows[0].reached;
    } catch (error) {
      // Not accepting connections yet, or just promoting: ask again. Refused credentials will
      // not change by waiting.
      if (String(error.code).startsWith('28')) {
        throw new Error(`the restored copy refused ${redact(adminUrl)}: ${error.message}`, {
          cause: error,
        });
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(200);
  }
}

async function ledgerState(url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(
      `SELECT count(*)::text AS events, coalesce(max(seq), 0)::text AS seq FROM ledger_events`,
    );
    return rows[0];
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function logTail(dataDir) {
  const log = join(dataDir, 'restore.log');
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '(no log)';
}

main().catch((error) => {
  console.error(`db:restore: ${error.message}`);
  process.exitCode = 1;
});
