/**
 * The tables of the read model (libs/ledger/sql/05-read-model.sql), which `ledger:rebuild`
 * empties and replays from the log.
 */
export const READ_MODEL_TABLES = [
  'transaction_records',
  'monthly_totals',
  'monthly_closing',
  'read_model_events',
] as const;
