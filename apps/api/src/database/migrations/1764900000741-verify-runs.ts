import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, Database screen: each run of the ledger verify as a background job: who asked,
 * when it ran, how long, and what it found. At most one run is open (queued or running) at a
 * time: a second press while one runs gets that one (the partial unique index).
 */
export class VerifyRuns1764900000741 implements MigrationInterface {
  name = 'VerifyRuns1764900000741';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE verify_runs (
        id               uuid PRIMARY KEY,
        requested_by     uuid REFERENCES users (id),
        requested_at     timestamptz NOT NULL,
        started_at       timestamptz,
        finished_at      timestamptz,
        status           text NOT NULL
                           CHECK (status IN ('queued', 'running', 'passed', 'failed', 'error')),
        duration_ms      integer,
        checked          jsonb,
        violation_count  integer NOT NULL DEFAULT 0,
        violations       jsonb NOT NULL DEFAULT '[]'::jsonb,
        error            text,
        CHECK ((finished_at IS NULL) = (status IN ('queued', 'running')))
      )`);
    await db.query(
      'CREATE UNIQUE INDEX verify_runs_one_open ON verify_runs ((true)) WHERE finished_at IS NULL',
    );
    await db.query('CREATE INDEX verify_runs_recent_idx ON verify_runs (requested_at DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE verify_runs');
  }
}
