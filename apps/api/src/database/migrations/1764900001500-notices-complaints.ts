import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, Communication. Notices: an admin's message to some roles (or all: `audience` NULL)
 * between two moments, withdrawn at most once; each user's dismissal is a row, so it holds on
 * every device. Complaints: a ticket with a status (the machine in libs/domain), a number to
 * quote, maybe the transaction it is about (a snapshot of it), and its conversation, where a
 * staff note (`note`) is never shown to the user.
 */
export class NoticesComplaints1764900001500 implements MigrationInterface {
  name = 'NoticesComplaints1764900001500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE notices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
        audience text[] CHECK (audience IS NULL OR cardinality(audience) > 0),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        created_by uuid NOT NULL REFERENCES users (id),
        created_at timestamptz NOT NULL,
        withdrawn_at timestamptz,
        withdrawn_by uuid REFERENCES users (id),
        CHECK (ends_at > starts_at),
        CHECK ((withdrawn_at IS NULL) = (withdrawn_by IS NULL))
      )`);
    await db.query(
      'CREATE INDEX notices_live_idx ON notices (ends_at, starts_at) WHERE withdrawn_at IS NULL',
    );
    await db.query('CREATE INDEX notices_created_idx ON notices (created_at DESC)');
    await db.query(`
      CREATE TABLE notice_dismissals (
        notice_id uuid NOT NULL REFERENCES notices (id),
        user_id uuid NOT NULL REFERENCES users (id),
        dismissed_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, notice_id)
      )`);
    await db.query('CREATE INDEX notice_dismissals_notice_idx ON notice_dismissals (notice_id)');

    await db.query('CREATE SEQUENCE complaint_numbers');
    await db.query(`
      CREATE TABLE complaints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number bigint NOT NULL UNIQUE DEFAULT nextval('complaint_numbers'),
        user_id uuid NOT NULL REFERENCES users (id),
        subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 120),
        status text NOT NULL CHECK (status IN ('open', 'in_progress', 'resolved', 'reopened')),
        transaction_id text,
        transaction jsonb,
        assigned_to uuid REFERENCES users (id),
        last_from text NOT NULL CHECK (last_from IN ('user', 'staff')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK ((transaction_id IS NULL) = (transaction IS NULL))
      )`);
    await db.query('CREATE INDEX complaints_user_idx ON complaints (user_id, updated_at DESC)');
    await db.query('CREATE INDEX complaints_queue_idx ON complaints (status, updated_at DESC)');
    await db.query(`
      CREATE TABLE complaint_messages (
        id bigserial PRIMARY KEY,
        complaint_id uuid NOT NULL REFERENCES complaints (id),
        author_id uuid NOT NULL REFERENCES users (id),
        from_side text NOT NULL CHECK (from_side IN ('user', 'staff')),
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
        note boolean NOT NULL DEFAULT false,
        action text,
        created_at timestamptz NOT NULL,
        CHECK (NOT note OR from_side = 'staff')
      )`);
    await db.query(
      'CREATE INDEX complaint_messages_complaint_idx ON complaint_messages (complaint_id, id)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE complaint_messages');
    await db.query('DROP TABLE complaints');
    await db.query('DROP SEQUENCE complaint_numbers');
    await db.query('DROP TABLE notice_dismissals');
    await db.query('DROP TABLE notices');
  }
}
