/**
 * The shell commands `npm run db:backup -- --configure` gives Postgres (archive_command) and
 * `npm run db:restore` writes into the restored copy (restore_command), run by /bin/sh as
 * Postgres runs them, on files of the test's own; and db:restore's refusals that need no
 * server. The whole path, with Postgres, is tests/integration/restore-drill.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { archiveCommand, restoreCommand } from '../../scripts/lib/postgres-tools.mjs';

const repoRoot = resolve(import.meta.dirname, '../..');
const SEGMENT = '000000010000000000000003';

/** Runs a command as Postgres does: %f the file's name, %p its path from the data folder. */
function runAsPostgres(command: string, cwd: string, path: string): number {
  const shell = command.replace(/%f/g, SEGMENT).replace(/%p/g, path);
  return spawnSync('/bin/sh', ['-c', shell], { cwd }).status ?? -1;
}

describe('archive_command and restore_command', () => {
  let root: string;
  let dataDir: string;
  let archive: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'khata-wal-'));
    dataDir = join(root, 'data');
    // A folder name with a space and a quote: the commands must quote it.
    archive = join(root, "wal archive's");
    mkdirSync(join(dataDir, 'pg_wal'), { recursive: true });
    mkdirSync(archive);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('archives a segment gzipped, once; the same segment again is accepted, a different one refused', () => {
    const segment = randomBytes(64 * 1024);
    writeFileSync(join(dataDir, 'pg_wal', SEGMENT), segment);
    const command = archiveCommand(archive);
    expect(runAsPostgres(command, dataDir, `pg_wal/${SEGMENT}`)).toBe(0);
    const archived = join(archive, `${SEGMENT}.gz`);
    expect(gunzipSync(readFileSync(archived)).equals(segment)).toBe(true);
    expect(existsSync(`${archived}.part`)).toBe(false);

    expect(runAsPostgres(command, dataDir, `pg_wal/${SEGMENT}`)).toBe(0);
    writeFileSync(join(dataDir, 'pg_wal', SEGMENT), randomBytes(64 * 1024));
    expect(runAsPostgres(command, dataDir, `pg_wal/${SEGMENT}`)).not.toBe(0);
    expect(gunzipSync(readFileSync(archived)).equals(segment)).toBe(true);
  });

  it('restores a gzipped or a plain segment, and fails (so recovery ends) on a missing one', () => {
    const segment = randomBytes(32 * 1024);
    const command = restoreCommand(archive);
    const restored = join(dataDir, 'pg_wal', 'RECOVERYXLOG');

    expect(runAsPostgres(command, dataDir, 'pg_wal/RECOVERYXLOG')).not.toBe(0);

    writeFileSync(join(archive, SEGMENT), segment);
    expect(runAsPostgres(command, dataDir, 'pg_wal/RECOVERYXLOG')).toBe(0);
    expect(readFileSync(restored).equals(segment)).toBe(true);

    const zipped = randomBytes(32 * 1024);
    writeFileSync(join(archive, `${SEGMENT}.gz`), gzipSync(zipped));
    expect(runAsPostgres(command, dataDir, 'pg_wal/RECOVERYXLOG')).toBe(0);
    expect(readFileSync(restored).equals(zipped)).toBe(true);
  });
});

describe('db:restore refuses before touching anything', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'khata-backups-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const restore = (...args: string[]) => {
    const result = spawnSync(
      process.execPath,
      [join(repoRoot, 'scripts/db-restore.mjs'), '--dir', dir, ...args],
      {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' },
      },
    );
    return { status: result.status, stderr: result.stderr };
  };

  it('asks where to', () => {
    expect(restore()).toEqual({ status: 1, stderr: expect.stringContaining('say where to') });
  });

  it('refuses a time without a zone', () => {
    expect(restore('--to', '2026-11-27 14:04:00')).toEqual({
      status: 1,
      stderr: expect.stringContaining('has no time zone'),
    });
  });

  it('says when there is no base backup, or none before the target', () => {
    expect(restore('--to', '2026-11-27 14:04:00+05:30')).toEqual({
      status: 1,
      stderr: expect.stringContaining('no base backup'),
    });
    mkdirSync(join(dir, 'base', '20261127T090000Z'), { recursive: true });
    writeFileSync(
      join(dir, 'base', '20261127T090000Z', 'khata-backup.json'),
      JSON.stringify({ endedAt: '2026-11-27T09:00:05.000Z', serverMajor: 15 }),
    );
    // 14:04 in India is 08:34 UTC: before the backup ended.
    expect(restore('--to', '2026-11-27 14:04:00+05:30')).toEqual({
      status: 1,
      stderr: expect.stringContaining('after the target: nothing can restore to before it'),
    });
  });

  it('says where a ledger seq is looked up when that server does not answer', () => {
    expect(restore('--to', '42')).toEqual({
      status: 1,
      stderr: expect.stringContaining('restore --to latest first and pass its URL as --lookup-url'),
    });
  });
});
