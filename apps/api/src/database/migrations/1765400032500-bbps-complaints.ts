import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: BBPS complaints are complaints (issue 14) with the Bharat BillPay facts on the same
 * row, so My Complaints and the admin queue list them without a parallel feature.
 *
 * - `bbps_type` transaction | service; `bbps_disposition` the disposition or the reason;
 *   `bbps_party` agent | biller (service only); `bbps_biller_id`/`bbps_biller_name`; the payment
 *   complained about and its BBPS reference, copied at raise.
 * - `bbps_complaint_id` the id BBPS gave (unique); `bbps_status` its status as last enquired,
 *   `bbps_assigned_to`, `bbps_remarks`, `bbps_checked_at`; `bbps_due_on` the India day it is
 *   due by (raised + BBPS_COMPLAINT_TAT_DAYS); `bbps_next_check_at` the sweep's schedule.
 * - At most one BBPS complaint not yet resolved per payment (complaints_bbps_open_payment).
 * - A message from Bharat BillPay has no author: `complaint_messages.author_id` may be null on
 *   the staff side only.
 */
export class BbpsComplaints1765400032500 implements MigrationInterface {
  name = 'BbpsComplaints1765400032500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE complaints
        ADD COLUMN bbps_type          text CHECK (bbps_type IN ('transaction', 'service')),
        ADD COLUMN bbps_disposition   text CHECK (length(bbps_disposition) <= 200),
        ADD COLUMN bbps_party         text CHECK (bbps_party IN ('agent', 'biller')),
        ADD COLUMN bbps_biller_id     text,
        ADD COLUMN bbps_biller_name   text,
        ADD COLUMN bbps_payment_id    uuid REFERENCES bbps_payments (id),
        ADD COLUMN bbps_reference     text,
        ADD COLUMN bbps_complaint_id  text UNIQUE CHECK (length(bbps_complaint_id) <= 40),
        ADD COLUMN bbps_status        text CHECK (bbps_status IN
          ('logged', 'assigned', 'pending-with-bbpou', 'resolved', 'reassigned', 'escalated')),
        ADD COLUMN bbps_assigned_to   text CHECK (length(bbps_assigned_to) <= 200),
        ADD COLUMN bbps_remarks       text CHECK (length(bbps_remarks) <= 1000),
        ADD COLUMN bbps_due_on        date,
        ADD COLUMN bbps_checked_at    timestamptz,
        ADD COLUMN bbps_next_check_at timestamptz,
        ADD CONSTRAINT complaints_bbps_whole CHECK (
          (bbps_type IS NULL) = (bbps_complaint_id IS NULL)
          AND (bbps_type IS NULL) = (bbps_status IS NULL)
          AND (bbps_type IS NULL) = (bbps_due_on IS NULL)
          AND (bbps_type IS NULL) = (bbps_disposition IS NULL)
          AND (bbps_type IS DISTINCT FROM 'transaction' OR bbps_payment_id IS NOT NULL)
          AND (bbps_type IS DISTINCT FROM 'service' OR bbps_party IS NOT NULL))`);
    await db.query(`
      CREATE UNIQUE INDEX complaints_bbps_open_payment ON complaints (bbps_payment_id)
       WHERE bbps_payment_id IS NOT NULL AND bbps_status <> 'resolved'`);
    await db.query(`
      CREATE INDEX complaints_bbps_due_check ON complaints (bbps_next_check_at)
       WHERE bbps_complaint_id IS NOT NULL AND bbps_status <> 'resolved'`);
    await db.query('ALTER TABLE complaint_messages ALTER COLUMN author_id DROP NOT NULL');
    await db.query(`
      ALTER TABLE complaint_messages ADD CONSTRAINT complaint_messages_author_or_bbps
        CHECK (author_id IS NOT NULL OR from_side = 'staff')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM complaint_messages WHERE author_id IS NULL');
    await db.query(
      'ALTER TABLE complaint_messages DROP CONSTRAINT complaint_messages_author_or_bbps',
    );
    await db.query('ALTER TABLE complaint_messages ALTER COLUMN author_id SET NOT NULL');
    await db.query(`
      ALTER TABLE complaints DROP CONSTRAINT complaints_bbps_whole,
        DROP COLUMN bbps_type, DROP COLUMN bbps_disposition, DROP COLUMN bbps_party,
        DROP COLUMN bbps_biller_id, DROP COLUMN bbps_biller_name, DROP COLUMN bbps_payment_id,
        DROP COLUMN bbps_reference, DROP COLUMN bbps_complaint_id, DROP COLUMN bbps_status,
        DROP COLUMN bbps_assigned_to, DROP COLUMN bbps_remarks, DROP COLUMN bbps_due_on,
        DROP COLUMN bbps_checked_at, DROP COLUMN bbps_next_check_at`);
  }
}
