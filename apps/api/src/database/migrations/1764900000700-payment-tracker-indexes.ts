import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment tracker (issue 14): a payment is found by its order id (the seq of the event that
 * opened it) or its bank reference (UTR; that index comes with the transaction report's, 1765000014100); the read model's
 * only index led with the user.
 */
export class PaymentTrackerIndexes1764900000700 implements MigrationInterface {
  name = 'PaymentTrackerIndexes1764900000700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE INDEX transaction_records_opened_seq_idx ON transaction_records (opened_seq)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX transaction_records_opened_seq_idx');
  }
}
