// A payout kind is named once, in libs/domain's PAYOUT_KINDS (contract/transaction-kinds.ts,
// issue 24): its record type (`payout`, `aepsSettlement`), its stream spelling
// (`aeps-settlement`), and every fact that differs between the kinds. Code asks that table
// (`PAYOUT_KINDS[kind].…`, `isPayoutKind`, `payoutKindOf…`, a `Record<PayoutKind, …>`, which the
// compiler makes whole when a kind is added) instead of branching on a hand-written
// `kind === 'payout'` or `case 'aepsSettlement':`, and never spells a payout's ledger event
// type (`payout.processed`): the writers build it from the payout's stored kind.
// Only comparisons and `case` labels are refused: the same word is also a service key, a menu
// item, a beneficiary type and a body `type` (other vocabularies), which a bare literal is free
// to name. A comparison in one of those vocabularies says so in an eslint-disable comment.
// Exempt: the file that declares the table, and tests (which write the log's spellings on purpose).
// A selector group for `no-restricted-syntax`, combined with the others in restricted-syntax.mjs.
const KIND = String.raw`^(payout|aepsSettlement|aeps-settlement)$`;
const EVENT_TYPE = String.raw`^(payout|aepsSettlement|aeps-settlement)\.(requested|processing|processed|failed|reversed|returned)$`;
const message =
  "A payout kind is read through libs/domain's PAYOUT_KINDS (isPayoutKind, PAYOUT_KINDS[kind].…, a Record<PayoutKind, …>), not compared with a 'payout' / 'aepsSettlement' literal or spelt as an event type.";

export default {
  name: 'payout kinds',
  files: [
    'apps/api/src/**/*.ts',
    'apps/console/src/**/*.{ts,tsx}',
    'libs/domain/src/**/*.ts',
    'libs/ledger/src/**/*.ts',
  ],
  ignores: [
    'libs/domain/src/contract/transaction-kinds.ts',
    '**/*.spec.ts',
    '**/*.spec.tsx',
    '**/*.test.ts',
    '**/*.test.tsx',
    'apps/api/src/database/migrations/**',
  ],
  selectors: [
    { selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/${KIND}/]`, message },
    { selector: `SwitchCase > Literal.test[value=/${KIND}/]`, message },
    { selector: `Literal[value=/${EVENT_TYPE}/]`, message },
    { selector: `TemplateElement[value.raw=/${EVENT_TYPE}/]`, message },
  ],
};
