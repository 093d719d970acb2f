// The ledger owns its tables (docs/decisions.md, "The ledger owns its schema"): code outside
// libs/ledger reads the ledger through its views (`ledger_*_view`) and `LedgerReads`, never by
// naming `ledger_accounts`, `ledger_events`, `ledger_postings` or `ledger_holds` in SQL.
// Exempt: migrations (frozen history), and tests and benches, which read the tables on purpose
// to check the ledger's invariants from outside (a balance against its postings, a hold's row).
// A selector group for `no-restricted-syntax`, combined with the others in restricted-syntax.mjs.
const TABLE = String.raw`\bledger_(accounts|events|postings|holds)\b`;
const message =
  'Read the ledger through its views (ledger_*_view) or LedgerReads in libs/ledger, not its tables.';

export default {
  name: 'ledger tables',
  files: ['apps/**/*.{ts,tsx,mjs,js}', 'libs/domain/**/*.ts'],
  ignores: ['apps/api/src/database/migrations/**'],
  selectors: [
    { selector: `Literal[value=/${TABLE}/]`, message },
    { selector: `TemplateElement[value.raw=/${TABLE}/]`, message },
  ],
};
