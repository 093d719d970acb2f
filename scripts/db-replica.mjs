#!/usr/bin/env node
/**
 * `npm run db:replica -- --port 5434 --data-dir /var/lib/postgresql/15/replica`: a hot standby
 * of DATABASE_URL's server (the primary), fed by streaming replication, for the reads that may
 * lag (DATABASE_REPLICA_URL; docs/operations.md, "A streaming replica"; issue 29).
 *
 * On the primary (DATABASE_URL must be a superuser there): a role with REPLICATION
 * (`--role`, default khata_replicator; its password KHATA_REPLICA_PASSWORD, or one made up when
 * the role is new) and a physical replication slot (`--slot`, default khata_replica), each made
 * only if missing. Then `pg_basebackup -R` into `--data-dir` (empty or new), a postgresql.conf
 * of the standby's own (port, `hot_standby = on`, `hot_standby_feedback = on`) and the
 * standby started with pg_ctl as the `postgres` user. Run again, it starts the standby it made
 * if it is stopped and changes nothing else.
 *
 *   --port        the standby's port (required to make one)
 *   --listen      its address (default 127.0.0.1)
 *   --trust       pg_hba.conf trusts TCP from this machine (development, tests); by default
 *                 scram-sha-256 (the primary's roles and passwords, which replicate)
 *   --stop        stops the standby in --data-dir (fast); with --drop-slot also drops the slot
 *                 on the primary (a slot nobody reads keeps WAL on the primary forever)
 *
 * PG_BINDIR: Postgres's programs (default /usr/lib/postgresql/<the primary's major>/bin).
 */
import { existsSync, readdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  asServerUser,
  confValue,
  DEFAULT_DATABASE_URL,
  parseArgs,
  pgBin,
  run,
} from './lib/postgres-tools.mjs';

const say = (text) => console.log(`db:replica: ${text}`);
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    flags: ['stop', 'drop-slot', 'trust'],
    options: ['port', 'listen', 'data-dir', 'slot', 'role'],
  });
  if (!args['data-dir']) throw new Error('say where the standby lives: --data-dir <folder>.');
  const dataDir = resolve(args['data-dir']);
  const slot = args.slot ?? 'khata_replica';
  const role = args.role ?? 'khata_replicator';
  for (const name of [slot, role]) {
    if (!NAME.test(name)) throw new Error(`"${name}" is not a plain Postgres name.`);
  }
  const primaryUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  try {
    const major = await serverMajor(primary);
    const pgCtl = (...rest) => {
      const [command, commandArgs] = asServerUser(join(pgBin(major), 'pg_ctl'), [
        '--pgdata',
        dataDir,
        ...rest,
      ]);
      return run(command, commandArgs);
    };
    if (args.stop) {
      if (isRunning(dataDir)) await pgCtl('--wait', '--mode', 'fast', 'stop');
      say(`the standby in ${dataDir} is stopped.`);
      if (args['drop-slot']) {
        await primary.query(
          'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1',
          [slot],
        );
        say(`slot ${slot} dropped on the primary.`);
      }
      return;
    }
    const port = Number(args.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error('--port takes the standby port number.');
    }
    const listen = args.listen ?? '127.0.0.1';
    if (!existsSync(join(dataDir, 'standby.signal'))) {
      if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
        throw new Error(
          `${dataDir} is not empty and holds no standby: give an empty or new folder.`,
        );
      }
      await requireStreaming(primary);
      const password = await ensureRole(primary, role);
      await ensureSlot(primary, slot);
      await baseBackup(major, primaryUrl, { role, password, slot, dataDir });
      writeConfig(dataDir, { port, listen, trust: args.trust === true });
    }
    if (!isRunning(dataDir)) {
      await pgCtl('--log', join(dataDir, 'replica.log'), '--wait', '--timeout', '120', 'start');
    }
    const replicaUrl = new URL(primaryUrl);
    replicaUrl.hostname = listen.includes(':') ? `[${listen}]` : listen;
    replicaUrl.port = String(port);
    replicaUrl.search = '';
    await awaitStandby(replicaUrl.toString());
    say(`a hot standby of the primary runs on ${listen}:${port} (data ${dataDir}).`);
    say(`DATABASE_REPLICA_URL=${redact(replicaUrl.toString())}`);
  } finally {
    await primary.end();
  }
}

async function serverMajor(client) {
  const { rows } = await client.query(
    `SELECT current_setting('server_version_num')::int / 10000 AS major`,
  );
  return rows[0].major;
}

async function requireStreaming(client) {
  const { rows } = await client.query(
    `SELECT current_setting('wal_level') AS level, current_setting('max_wal_senders')::int AS senders`,
  );
  const { level, senders } = rows[0];
  if (level === 'minimal' || senders < 1) {
    throw new Error(
      `the primary cannot stream (wal_level ${level}, max_wal_senders ${senders}): set ` +
        'wal_level = replica and max_wal_senders = 10 (the defaults) and restart it.',
    );
  }
}

/** The replication role: made with a password when missing; its password for the base backup. */
async function ensureRole(client, role) {
  const given = process.env.KHATA_REPLICA_PASSWORD;
  const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (rowCount && !given) {
    throw new Error(
      `the role ${role} exists on the primary: give its password in KHATA_REPLICA_PASSWORD.`,
    );
  }
  const password = given ?? randomBytes(18).toString('base64url');
  // A literal: CREATE/ALTER ROLE take no parameters. The password is base64url or the operator's.
  const literal = `'${password.replace(/'/g, "''")}'`;
  if (rowCount) {
    await client.query(`ALTER ROLE ${role} WITH REPLICATION LOGIN PASSWORD ${literal}`);
  } else {
    await client.query(`CREATE ROLE ${role} WITH REPLICATION LOGIN PASSWORD ${literal}`);
    say(`role ${role} made on the primary (REPLICATION).`);
  }
  return password;
}

async function ensureSlot(client, slot) {
  const { rowCount } = await client.query(
    `SELECT pg_create_physical_replication_slot($1)
      WHERE NOT EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = $1)`,
    [slot],
  );
  if (rowCount) say(`slot ${slot} made on the primary.`);
}

/** pg_basebackup -R: the copy, with standby.signal and primary_conninfo (the slot's) written. */
async function baseBackup(major, primaryUrl, { role, password, slot, dataDir }) {
  const source = new URL(primaryUrl);
  source.username = role;
  source.password = password;
  source.pathname = '/postgres';
  const began = Date.now();
  const [command, commandArgs] = asServerUser(join(pgBin(major), 'pg_basebackup'), [
    '--dbname',
    source.toString(),
    '--pgdata',
    dataDir,
    '--write-recovery-conf',
    '--wal-method',
    'stream',
    '--slot',
    slot,
    '--checkpoint',
    'fast',
    '--no-password',
  ]);
  await run(command, commandArgs);
  say(`base backup into ${dataDir} in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
}

/**
 * The standby's own settings, after the primary's (postgresql.auto.conf came with the copy).
 * A Debian primary keeps postgresql.conf and pg_hba.conf outside its data folder, so the copy
 * gets minimal ones.
 */
function writeConfig(dataDir, { port, listen, trust }) {
  const write = (name, text) => writeFileSync(join(dataDir, name), text, { mode: 0o600 });
  if (!existsSync(join(dataDir, 'postgresql.conf'))) {
    write('postgresql.conf', '# Written by db:replica: the base backup had none.\n');
  }
  if (!existsSync(join(dataDir, 'pg_hba.conf'))) {
    const method = trust ? 'trust' : 'scram-sha-256';
    write(
      'pg_hba.conf',
      '# Written by db:replica.\nlocal all all peer\n' +
        `host all all 127.0.0.1/32 ${method}\nhost all all ::1/128 ${method}\n`,
    );
  }
  if (!existsSync(join(dataDir, 'pg_ident.conf'))) write('pg_ident.conf', '');
  const settings = [
    `# db:replica ${new Date().toISOString()}`,
    `port = ${port}`,
    `listen_addresses = ${confValue(listen)}`,
    "unix_socket_directories = ''",
    `hba_file = ${confValue(join(dataDir, 'pg_hba.conf'))}`,
    `ident_file = ${confValue(join(dataDir, 'pg_ident.conf'))}`,
    "cluster_name = 'khata-replica'",
    'hot_standby = on',
    // A long report on the standby is not cancelled by the primary's vacuum of rows it reads.
    'hot_standby_feedback = on',
    // A standby never archives into the primary's archive (archive_mode = always would).
    'archive_mode = off',
  ];
  appendFileSync(join(dataDir, 'postgresql.auto.conf'), `\n${settings.join('\n')}\n`);
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', dataDir]);
}

function isRunning(dataDir) {
  return existsSync(join(dataDir, 'postmaster.pid'));
}

/** Waits until the standby answers, in recovery. */
async function awaitStandby(url) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query('SELECT pg_is_in_recovery() AS standby');
      if (rows[0].standby) return;
      throw Object.assign(new Error(`${redact(url)} answers but is not a standby.`), {
        final: true,
      });
    } catch (error) {
      if (error.final) throw error;
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 200));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

main().catch((error) => {
  console.error(`db:replica: ${error.message}`);
  process.exit(1);
});
