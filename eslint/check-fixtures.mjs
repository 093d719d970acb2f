/**
 * The lint proves itself: each fixture in eslint/fixtures is linted with the repository's own
 * config as if it sat at `filePath`, and must report exactly the expected rules (a clean one
 * nothing). Issue 24 found the money lint silently off in apps/api/src because a later config
 * block replaced `no-restricted-syntax`; a config change like that now fails here.
 * The fixtures are `.txt` so that `eslint .` and the type check never see them.
 * Run by `npm run lint` (and so by `.ci/run`); exits 1 on any mismatch.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { featureCycles } from './feature-cycles.mjs';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(import.meta.dirname, 'fixtures');
const money = ['no-restricted-syntax', 'Money is integer paise'];
const ledgerTable = ['no-restricted-syntax', 'Read the ledger through its views'];
const sqlOutside = ['no-restricted-syntax', 'SQL belongs in a repository'];
const payoutKind = ['no-restricted-syntax', 'A payout kind is read through'];
const inlineMessage = ['no-restricted-syntax', 'A refusal is written in a *Messages object'];
const consoleImport = ['import-x/no-restricted-paths', 'The API never imports console code'];
const featureFence = ['import-x/no-restricted-paths', 'Import the auth feature through'];

/** fixture file, where it is linted from, and each report's rule and words, in order. */
const cases = [
  ['money-parse-float.ts.txt', 'apps/api/src/payouts/__lint_fixture__.ts', [money]],
  ['money-parse-float.ts.txt', 'libs/domain/src/__lint_fixture__.ts', [money]],
  ['money-parse-float.ts.txt', 'libs/ledger/src/__lint_fixture__.ts', [money]],
  ['money-float-cast.ts.txt', 'apps/api/src/metrics/__lint_fixture__.repository.ts', [money]],
  [
    'ledger-table.ts.txt',
    'apps/api/src/transactions/__lint_fixture__.repository.ts',
    [ledgerTable],
  ],
  ['ledger-table.ts.txt', 'apps/console/src/features/__lint_fixture__.ts', [ledgerTable]],
  [
    'money-and-ledger.ts.txt',
    'apps/api/src/reports/__lint_fixture__.repository.ts',
    [money, ledgerTable],
  ],
  ['money-and-ledger.ts.txt', 'libs/domain/src/__lint_fixture__.ts', [money, ledgerTable]],
  ['console-import.ts.txt', 'apps/api/src/payouts/__lint_fixture__.ts', [consoleImport]],
  [
    'console-feature-import.ts.txt',
    'apps/console/src/features/admin/__lint_fixture__.ts',
    [featureFence],
  ],
  ['sql-in-handler.ts.txt', 'apps/api/src/payouts/commands/__lint_fixture__.ts', [sqlOutside]],
  ['sql-in-handler.ts.txt', 'apps/api/src/payouts/__lint_fixture__.repository.ts', []],
  ['money-and-sql.ts.txt', 'apps/api/src/reports/__lint_fixture__.ts', [money, sqlOutside]],
  ['payout-kind.ts.txt', 'apps/api/src/payouts/__lint_fixture__.ts', [payoutKind, payoutKind]],
  ['payout-kind.ts.txt', 'apps/console/src/features/__lint_fixture__.ts', [payoutKind, payoutKind]],
  ['payout-kind.ts.txt', 'apps/api/src/payouts/__lint_fixture__.spec.ts', []],
  [
    'inline-message.ts.txt',
    'apps/api/src/payouts/__lint_fixture__.ts',
    [inlineMessage, inlineMessage],
  ],
  ['inline-message.ts.txt', 'apps/api/src/payouts/__lint_fixture__.spec.ts', []],
  ['inline-message.ts.txt', 'apps/console/src/features/__lint_fixture__.ts', []],
  ['clean.ts.txt', 'apps/api/src/payouts/__lint_fixture__.repository.ts', []],
];

// The fixtures are linted as text at paths where no file exists: the type-aware rules' project
// service would refuse such a path, so these paths (only) are typed by the root tsconfig.json.
// Nothing else in the config is overridden; the file globs decide which rules apply, as in `eslint .`.
const fixturePaths = [...new Set(cases.map(([, filePath]) => filePath))];
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: fixturePaths,
          // Only these few made-up paths: the default limit of 8 is about whole-tree globs.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: fixturePaths.length,
          defaultProject: 'tsconfig.json',
        },
        tsconfigRootDir: root,
      },
    },
  },
});
const failures = [];
for (const [fixture, filePath, expected] of cases) {
  const code = readFileSync(path.join(fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  const got = result.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
  const matches =
    got.length === expected.length &&
    expected.every(([rule, words], i) => got[i].startsWith(`${rule}: `) && got[i].includes(words));
  if (!matches) {
    failures.push(
      `${fixture} at ${filePath}\n  expected: ${JSON.stringify(expected)}\n  got: ${JSON.stringify(got)}`,
    );
  }
}

// The feature-cycle check on a copy of fixtures/feature-cycle with the .txt dropped: alpha and
// beta import each other; gamma's import back to alpha is type-only and makes no cycle.
const dir = mkdtempSync(path.join(tmpdir(), 'khata-feature-cycle-'));
try {
  cpSync(path.join(fixtures, 'feature-cycle'), dir, { recursive: true });
  for (const file of readdirSync(dir, { recursive: true })) {
    if (file.endsWith('.ts.txt'))
      renameSync(path.join(dir, file), path.join(dir, file.slice(0, -4)));
  }
  const found = JSON.stringify(featureCycles(dir).found);
  if (found !== '[["alpha","beta"]]')
    failures.push(`feature-cycle: expected [["alpha","beta"]], got ${found}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

for (const failure of failures) console.error(`Lint fixture: ${failure}`);
if (failures.length > 0) process.exit(1);
console.log(`Lint fixtures: ${cases.length + 1} checks gave the expected reports.`);
