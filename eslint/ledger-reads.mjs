// The ledger's read side lives in libs/ledger (issue 24): what an event's JSON means
// (`data->'record'`, `data->'split'`) and which view holds what are the ledger's to know. Code
// outside libs/ledger reads through `LedgerReads`, `LedgerStatements`, `LedgerMonth` and the
// functions of libs/ledger/sql/08-reads.sql (`ledger_balances()`, `ledger_stream_has`, …), so
// this rule flags, in any string or template of SQL, a JSON path into an event's data
// (`data->`, `data->>`) and a read of a view (`FROM`/`JOIN` … `_view`).
// Allowed: libs/ledger itself, migrations (frozen history), tests and benches (which read
// the log on purpose to check it from outside).
// A rule of its own (not `no-restricted-syntax`, which another config sets: two configs
// setting that rule override each other, and the later one alone would hold).
const EVENT_JSON = /\bdata\s*->/;
const VIEW_READ = /\b(?:FROM|JOIN)\s+\w+_view\b/i;

const message =
  'Ledger meaning stays in libs/ledger: read events and views through LedgerReads, LedgerStatements, LedgerMonth or the ledger_* functions (libs/ledger/sql/08-reads.sql).';

const noLedgerJsonOrViews = {
  meta: {
    type: 'problem',
    docs: { description: 'Event JSON and ledger views are read in libs/ledger only.' },
    schema: [],
    messages: { leak: message },
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && (EVENT_JSON.test(text) || VIEW_READ.test(text))) {
        context.report({ node, messageId: 'leak' });
      }
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.raw),
    };
  },
};

export const plugin = { rules: { 'no-ledger-json-or-views': noLedgerJsonOrViews } };

export default [
  {
    files: ['apps/**/*.{ts,tsx,mjs,js}', 'libs/**/*.ts'],
    ignores: ['libs/ledger/**', 'apps/api/src/database/migrations/**', '**/*.spec.ts'],
    plugins: { 'ledger-reads': plugin },
    rules: { 'ledger-reads/no-ledger-json-or-views': 'error' },
  },
];
