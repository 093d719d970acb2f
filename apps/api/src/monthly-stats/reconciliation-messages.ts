/**
 * What a reconciliation line's difference says (Monthly Stats, issue 14), in English: the API
 * answers these words (and the CSV carries them); the console finds each one's Hindi from its
 * template (issue 30, tests/unit/api-messages.catalogue.ts). Figures come in as the answer
 * shows them (rupees as numbers).
 */
type Value = string | number;

export const ReconciliationMessages = {
  unbalancedEvent: (seq: Value, type: Value) => `Event ${seq} (${type}) does not sum to zero`,
  floatDiffers: 'Opening float + movements differs from the closing float',
  walletChainBroken: (accountId: Value, before: Value, amount: Value, after: Value) =>
    `Wallet ${accountId}: balance ${before} + ${amount} is not ${after}`,
  notProjected: (seq: Value, type: Value) => `Event ${seq} (${type}) is not in the read model`,
  totalsDiffer: (row: {
    kind: Value;
    accountId: Value;
    eventType: Value;
    ledgerCredits: Value;
    ledgerDebits: Value;
    ledgerPostings: Value;
    modelCredits: Value;
    modelDebits: Value;
    modelPostings: Value;
  }) =>
    `${row.kind} account ${row.accountId}, ${row.eventType}: ledger credits ` +
    `${row.ledgerCredits} debits ${row.ledgerDebits} (${row.ledgerPostings} postings); ` +
    `read model credits ${row.modelCredits} debits ${row.modelDebits} (${row.modelPostings})`,
  closingDiffers: (kind: Value, accountId: Value, ledger: Value, model: Value) =>
    `${kind} account ${accountId}: closing ${ledger} in the ledger, ${model} in the read model`,
  splitDiffers: (event: {
    seq: Value;
    type: Value;
    splitTds: Value;
    splitGst: Value;
    splitCommissions: Value;
    tds: Value;
    gst: Value;
    commissions: Value;
  }) =>
    `Event ${event.seq} (${event.type}): split TDS ${event.splitTds}, GST ` +
    `${event.splitGst}, commissions ${event.splitCommissions}; postings TDS ` +
    `${event.tds}, GST ${event.gst}, commissions ${event.commissions}`,
} as const;
