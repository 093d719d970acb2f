import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15: a payout no longer appends a `processing` event on its way to the bank; one the
 * send's answer settles goes from `requested` straight to its final event (which carries when
 * it was sent), and one still processing after its send gets `processing` at its first
 * recheck. This column says whether that event is on the ledger. Every payout past `queued`
 * before this migration had its `processing` event appended on the way.
 */
export class PayoutProcessingRecorded1765100002000 implements MigrationInterface {
  name = 'PayoutProcessingRecorded1765100002000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE payouts ADD COLUMN processing_recorded boolean NOT NULL DEFAULT false',
    );
    await db.query(`UPDATE payouts SET processing_recorded = true WHERE status <> 'queued'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE payouts DROP COLUMN processing_recorded');
  }
}
