// SQL lives in repositories (docs/architecture.md, "Layers": the third room). A statement in a
// string anywhere else in the API is a handler or a controller talking to Postgres itself.
// The homes besides `*.repository.ts`: the database room (connection, migrations, preflight),
// the health probes, the first-run seed, the network scope (SQL fragments that repositories
// splice into their queries), and the sandbox adapters, which stand in for a provider and keep
// that provider's state in tables of their own. Specs are exempt (they check rows on purpose).
// A selector group for `no-restricted-syntax`, combined with the others in restricted-syntax.mjs.
const SQL = String.raw`\b(SELECT\s|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)`;
const message =
  'SQL belongs in a repository (*.repository.ts): a handler asks one (docs/architecture.md, Layers).';

export default {
  name: 'sql homes',
  files: ['apps/api/src/**/*.ts'],
  ignores: [
    '**/*.repository.ts',
    '**/*.spec.ts',
    'apps/api/src/database/**',
    'apps/api/src/health/health.probes.ts',
    'apps/api/src/bootstrap/seed.service.ts',
    'apps/api/src/network/network-scopes.ts',
    'apps/api/src/rail/sandbox-rail.ts',
    'apps/api/src/beneficiaries/otp/sandbox-sms-sender.ts',
  ],
  selectors: [
    { selector: `Literal[value=/${SQL}/]`, message },
    { selector: `TemplateElement[value.raw=/${SQL}/]`, message },
  ],
};
