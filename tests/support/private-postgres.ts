import { execFile } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * Debian's Postgres programs (the newest installed major), or PG_BINDIR: a private server for
 * the tests that stop, break and restore one. The shared server on 5432 is never used by them.
 */
export function postgresBin(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const majors = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name))
    : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error('No /usr/lib/postgresql/<major>/bin: install postgresql or set PG_BINDIR.');
  return `/usr/lib/postgresql/${newest}/bin`;
}

/** Postgres refuses to run as root: as root, its programs run as the `postgres` user. */
export async function asServerUser(program: string, args: string[]): Promise<string> {
  const [command, commandArgs] =
    process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
      : [program, args];
  const { stdout, stderr } = await exec(command, commandArgs, { maxBuffer: 16 * 1024 * 1024 });
  return stdout + stderr;
}

/** Hands a folder the test made to the server's user (when the test runs as root). */
export function giveToServerUser(path: string): void {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = serverUser();
  chownSync(path, uid, gid);
}

let postgresUser: { uid: number; gid: number } | undefined;
function serverUser(): { uid: number; gid: number } {
  if (!postgresUser) {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('postgres:'));
    if (!line) throw new Error('No postgres user on this machine (install postgresql).');
    const [, , uid, gid] = line.split(':');
    postgresUser = { uid: Number(uid), gid: Number(gid) };
  }
  return postgresUser;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface PrivatePostgres {
  port: number;
  dataDir: string;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** `pg_ctl stop -m immediate`: like pulling the plug (nothing flushed at shutdown). */
  kill(): Promise<void>;
}

/**
 * A new cluster (initdb) in `dataDir`, whose parent the server's user owns, listening on a free
 * port of 127.0.0.1 with trust authentication; `settings` go into its postgresql.conf. Laid out
 * as Debian lays out a cluster: postgresql.conf, pg_hba.conf and pg_ident.conf (and the log) in
 * a folder of their own (`<dataDir>-etc`, like /etc/postgresql/15/main), so that a base backup
 * of the data folder, as of Debian's server, has none of them.
 */
export async function initPrivatePostgres(
  dataDir: string,
  settings: Record<string, string> = {},
): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const port = await freePort();
  await asServerUser(join(bin, 'initdb'), [
    '--pgdata',
    dataDir,
    '--username',
    'postgres',
    '--auth',
    'trust',
    '--encoding',
    'UTF8',
    '--no-sync',
  ]);
  const configDir = `${dataDir}-etc`;
  mkdirSync(configDir);
  giveToServerUser(configDir);
  for (const file of ['postgresql.conf', 'pg_hba.conf', 'pg_ident.conf']) {
    renameSync(join(dataDir, file), join(configDir, file));
  }
  const conf = {
    data_directory: `'${dataDir}'`,
    hba_file: `'${join(configDir, 'pg_hba.conf')}'`,
    ident_file: `'${join(configDir, 'pg_ident.conf')}'`,
    port: String(port),
    listen_addresses: "'127.0.0.1'",
    unix_socket_directories: "''",
    ...settings,
  };
  appendFileSync(
    join(configDir, 'postgresql.conf'),
    `\n${Object.entries(conf)
      .map(([name, value]) => `${name} = ${value}`)
      .join('\n')}\n`,
  );
  return managedPostgres(dataDir, port, configDir);
}

/**
 * pg_ctl over a data folder: one initPrivatePostgres made (its configuration in `configDir`),
 * or one some other program made (a restored copy, its configuration inside).
 */
export function managedPostgres(
  dataDir: string,
  port: number,
  configDir = dataDir,
): PrivatePostgres {
  const pgCtl = (...args: string[]) =>
    asServerUser(join(postgresBin(), 'pg_ctl'), ['--pgdata', dataDir, ...args]);
  const startOptions = [
    '--log',
    join(configDir, 'server.log'),
    '--options',
    `-c config_file=${join(configDir, 'postgresql.conf')}`,
    '--wait',
  ];
  return {
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => {
      await pgCtl(...startOptions, 'start');
    },
    restart: async () => {
      await pgCtl(...startOptions, '--mode', 'fast', 'restart');
    },
    kill: async () => {
      if (existsSync(join(dataDir, 'postmaster.pid'))) {
        await pgCtl('--wait', '--mode', 'immediate', 'stop').catch(() => undefined);
      }
    },
  };
}
