/**
 * No cycles between the API's feature folders (`apps/api/src/<feature>/`).
 *
 * `import-x/no-cycle` sees files; two features can still lean on each other through
 * different files (auth needed users' repository while users needed auth's hashers), which
 * Nest then hides behind duplicate providers or `forwardRef`. This check lifts every value
 * import to a feature -> feature edge and refuses any cycle in that graph. Type-only imports
 * are left out: they vanish at compile time and create no load order.
 *
 * Run by `npm run lint`; exits 1 and names the files on each edge of a cycle.
 * `featureCycles(dir)` is exported for eslint/check-fixtures.mjs, which runs it on a fixture.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Files every controller may import without making their feature depend on auth: the
 * access decorators and the signed-in user are the API's door policy, read by all rooms.
 */
const sharedEntrances = new Set(['auth/access.ts', 'auth/auth-user.ts']);

const featureOf = (file) => (file.includes('/') ? file.split('/')[0] : null);

/** Relative value imports of one file, as paths under `apiSrc`. */
function valueImports(apiSrc, file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(apiSrc, file), 'utf8'),
    ts.ScriptTarget.Latest,
  );
  const targets = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const typeOnly = isImport ? statement.importClause?.isTypeOnly : statement.isTypeOnly;
    const specifier = statement.moduleSpecifier.text;
    if (typeOnly || !specifier.startsWith('.')) continue;
    targets.push(path.normalize(path.join(path.dirname(file), specifier)).replace(/\.js$/, '.ts'));
  }
  return targets;
}

/** feature -> (feature -> files that make the edge) */
function featureGraph(apiSrc) {
  const graph = new Map();
  const files = readdirSync(apiSrc, { recursive: true }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'),
  );
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const target of valueImports(apiSrc, file)) {
      const to = featureOf(target);
      if (!to || to === from || sharedEntrances.has(target)) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      edges.set(to, [...(edges.get(to) ?? []), `${file} -> ${target}`]);
    }
  }
  return graph;
}

/** Strongly connected components with more than one feature (Tarjan). */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    if (meta.get(node).low !== meta.get(node).index) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      meta.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return found;
}

/** The feature graph of an API source folder and its cycles (each a sorted list of features). */
export function featureCycles(apiSrc) {
  const graph = featureGraph(apiSrc);
  return { graph, found: cycles(graph) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { graph, found } = featureCycles(path.join(root, 'apps/api/src'));
  for (const component of found) {
    console.error(`Import cycle between API features: ${component.join(', ')}`);
    for (const from of component) {
      for (const [to, files] of graph.get(from) ?? []) {
        if (component.includes(to)) for (const edge of files) console.error(`  ${edge}`);
      }
    }
  }
  if (found.length > 0) process.exit(1);
  console.log(`No import cycles between ${graph.size} API features.`);
}
