import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: the read model's projection of every event (read_model_apply) names the owners whose
 * balance moved, among them the accounts of the holds the event placed or closed
 * (`placed_seq = p_seq OR closed_seq = p_seq`). Neither column had an index, so each projected
 * event scanned every hold ever placed, under the append's account locks: 23.7 ms an event at
 * 300,000 holds, 0.46 ms with these indexes (docs/performance.md, "Session 23"). Every payout,
 * withdrawal, bill payment and transfer places a hold, so the scan grew with the business.
 */
export class LedgerHoldsSeqIndexes1765400033100 implements MigrationInterface {
  name = 'LedgerHoldsSeqIndexes1765400033100';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX ledger_holds_placed_seq_idx ON ledger_holds (placed_seq)');
    await db.query(
      'CREATE INDEX ledger_holds_closed_seq_idx ON ledger_holds (closed_seq) WHERE closed_seq IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX ledger_holds_closed_seq_idx');
    await db.query('DROP INDEX ledger_holds_placed_seq_idx');
  }
}
