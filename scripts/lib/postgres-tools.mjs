// Shared by `npm run db:backup` and `npm run db:restore` (docs/operations.md, "Backups and
// point-in-time recovery"): where Postgres's own tools are, running them as the server's user,
// and the backup folder's layout.
//
//   <backup dir>/wal/<segment>.gz            WAL archived by the server's archive_command
//   <backup dir>/base/<stamp>/base.tar.gz    a pg_basebackup (tar, gzip), with pg_wal.tar.gz
//   <backup dir>/base/<stamp>/khata-backup.json   when it began and ended, its size, the ledger's seq
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/khata';

/** KHATA_BACKUP_DIR, or `.khata/backups` in the checkout (a development default). */
export function backupDir(given) {
  return resolve(given ?? process.env.KHATA_BACKUP_DIR ?? join(repoRoot, '.khata/backups'));
}

/**
 * The folder of Postgres `major`'s programs: PG_BINDIR when set, else Debian's
 * /usr/lib/postgresql/<major>/bin. A base backup is restored by the binaries of its own major.
 */
export function pgBin(major) {
  const candidates = [process.env.PG_BINDIR, major && `/usr/lib/postgresql/${major}/bin`];
  if (!major && existsSync('/usr/lib/postgresql')) {
    const newest = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))[0];
    if (newest) candidates.push(`/usr/lib/postgresql/${newest}/bin`);
  }
  const found = candidates.find((dir) => dir && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      `No Postgres ${major ?? ''} programs found (looked in ${candidates.filter(Boolean).join(', ')}): ` +
        "install Debian's postgresql package or set PG_BINDIR.",
    );
  }
  return found;
}

/**
 * Postgres refuses to run as root: when this script is root, the server's programs run as the
 * `postgres` user (runuser), in folders that user owns.
 */
export function asServerUser(command, args) {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

/** Runs a program; resolves with what it printed, rejects with it on a non-zero exit. */
export function run(command, args, { env, quiet = true } = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0
        ? done(output)
        : fail(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}\n${output}`)),
    );
  });
}

/** Bytes of a file, or of every file under a folder. */
export function sizeOf(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

export function megabytes(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The base backups of a backup folder, oldest first, each with its khata-backup.json. */
export function baseBackups(dir) {
  const base = join(dir, 'base');
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'khata-backup.json')))
    .map((name) => ({
      name,
      path: join(base, name),
      ...JSON.parse(readFileSync(join(base, name, 'khata-backup.json'), 'utf8')),
    }))
    .sort((a, b) => Date.parse(a.endedAt) - Date.parse(b.endedAt));
}

/** Shell-quotes a path for archive_command and restore_command (both run by /bin/sh). */
export function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The archive_command (run by /bin/sh in the data folder): gzips a finished segment into the
 * archive through a `.part` file, `sync` and a rename. A segment archived again (after a crash
 * between the copy and Postgres hearing of it) is accepted when identical, refused when not.
 */
export function archiveCommand(archiveDir) {
  const file = `${shellQuote(archiveDir)}/%f.gz`;
  return (
    `f=${file}; if [ -f "$f" ]; then gzip -dc "$f" | cmp -s - "%p"; ` +
    `else gzip -c "%p" > "$f.part" && sync "$f.part" && mv "$f.part" "$f"; fi`
  );
}

/** The restore_command: a segment (or history file) from the archive, gzipped or not. */
export function restoreCommand(archiveDir) {
  return (
    `f=${shellQuote(archiveDir)}/%f; ` +
    `if [ -f "$f.gz" ]; then gzip -dc "$f.gz" > "%p"; else cp "$f" "%p"; fi`
  );
}

/** A value of postgresql.conf: single quotes doubled. */
export function confValue(text) {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Parses `--name value` and `--flag` arguments. */
export function parseArgs(argv, { flags = [], options = [] }) {
  const parsed = {};
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const [name, inline] = arg.startsWith('--') ? arg.slice(2).split(/=(.*)/s) : [undefined];
    if (name && flags.includes(name)) parsed[name] = true;
    else if (name && options.includes(name)) {
      const value = inline ?? argv[++index];
      if (value === undefined) throw new Error(`--${name} needs a value.`);
      parsed[name] = value;
    } else throw new Error(`Unknown argument ${arg}.`);
  }
  return parsed;
}
