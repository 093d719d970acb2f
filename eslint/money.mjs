// No float on a money path (issue 11 §4): amounts are integer paise end to end, and Postgres'
// bigint arrives as a checked JS number (libs/ledger int8.ts). parseFloat and `::float` are
// how a rupee becomes 0.1 + 0.2; the domain's calculators (libs/domain/src/tools) are not money.
// A selector group for `no-restricted-syntax`, combined with the others in restricted-syntax.mjs.
const message = 'Money is integer paise: no parseFloat and no ::float (see docs/decisions.md).';

export default {
  name: 'money',
  files: ['apps/api/src/**/*.ts', 'libs/ledger/src/**/*.ts', 'libs/domain/src/**/*.ts'],
  ignores: ['**/*.spec.ts', 'libs/domain/src/tools/**'],
  selectors: [
    { selector: "CallExpression[callee.name='parseFloat']", message },
    { selector: "MemberExpression[object.name='Number'][property.name='parseFloat']", message },
    { selector: 'Literal[value=/::\\s*(float|real|double)/i]', message },
    { selector: 'TemplateElement[value.raw=/::\\s*(float|real|double)/i]', message },
  ],
};
