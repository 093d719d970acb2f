// Writes apps/api/src/api-docs/answers.generated.ts: for every controller method, what it
// answers (status, media type, JSON Schema), read by the TypeScript checker from the method's
// return type. A type declared in libs/domain (the wire contract) becomes a named schema that
// the document $refs; a type inferred from the handler is written inline. `--check` fails when
// the committed file is stale (npm run lint:api). The document (api-document.ts) reads it.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import prettier from 'prettier';
import ts from 'typescript';
import { repoRoot } from './workspace.mjs';

const OUTPUT = resolve(repoRoot, 'apps/api/src/api-docs/answers.generated.ts');
const DOMAIN = resolve(repoRoot, 'libs/domain/src');
const HTTP = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);

const config = ts.readConfigFile(resolve(repoRoot, 'tsconfig.json'), ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot);
const files = parsed.fileNames.filter((file) => /apps\/api\/src\/.*\.controller\.ts$/.test(file));
const program = ts.createProgram(files, parsed.options);
const checker = program.getTypeChecker();

/** Named contract schemas, by name; a name claimed by two declarations is inlined instead. */
const schemas = {};
const claimed = new Map();
const operations = {};

for (const file of files.sort()) {
  const source = program.getSourceFile(file);
  const feature = relative(resolve(repoRoot, 'apps/api/src'), file).split('/')[0];
  source.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || !node.name || !decorator(node, 'Controller')) return;
    // Its own methods and those it inherits (dmt-transfers' routes shared by /dmt and /ppi).
    const instance = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(node.name));
    for (const property of checker.getPropertiesOfType(instance)) {
      const member = property.valueDeclaration;
      if (!member || !ts.isMethodDeclaration(member)) continue;
      const route = (ts.getDecorators(member) ?? []).find((d) => HTTP.has(calleeName(d)));
      if (!route) continue;
      const verb = calleeName(route);
      const key = `${node.name.text}.${member.name.getText()}`;
      operations[key] = describe(member, verb, feature);
    }
  });
}

function describe(method, verb, feature) {
  const httpCode = decorator(method, 'HttpCode');
  const status = httpCode ? literalArgument(httpCode) : verb === 'Post' ? 201 : 200;
  const also = decorator(method, 'AnswersAlso')?.expression.arguments.map((a) =>
    Number(a.getText()),
  );
  const statuses = [status, ...(also ?? [])];
  if (!statuses.every(Number.isInteger)) {
    throw new Error(
      `${method.name.getText()}: @HttpCode and @AnswersAlso take number literals here`,
    );
  }
  const summary = summaryOf(method);
  const produces = decorator(method, 'ApiProduces')?.expression.arguments.map((a) => a.text);
  const answer = { tag: feature, summary, statuses };
  if (produces) return { ...answer, mediaTypes: produces };
  const signature = checker.getSignatureFromDeclaration(method);
  let type = checker.getReturnTypeOfSignature(signature);
  type = checker.getAwaitedType(type) ?? type;
  return { ...answer, mediaTypes: ['application/json'], schema: schemaOf(type, []) };
}

function summaryOf(method) {
  const docs = ts.getJSDocCommentsAndTags(method).filter(ts.isJSDoc);
  const text = docs
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join(' ')
    .trim();
  const sentence = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.:;])\s/)[0]
    ?.replace(/[.:;]$/, '');
  if (sentence && sentence.length <= 120) return sentence;
  const words = method.name
    .getText()
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function decorator(node, name) {
  return (ts.getDecorators(node) ?? []).find((d) => calleeName(d) === name);
}

function calleeName(d) {
  return ts.isCallExpression(d.expression) ? d.expression.expression.getText() : '';
}

function literalArgument(d) {
  const argument = d?.expression.arguments[0];
  if (!argument) return undefined;
  if (ts.isNumericLiteral(argument)) return Number(argument.text);
  if (ts.isStringLiteralLike(argument)) return argument.text;
  return undefined;
}

/** A name for a type declared in libs/domain (not generic), else undefined: it is inlined. */
function contractName(type) {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (!symbol || type.aliasTypeArguments?.length || type.typeArguments?.length) return undefined;
  if (type.aliasSymbol === undefined && !(symbol.flags & ts.SymbolFlags.Interface))
    return undefined;
  const declaration = symbol.declarations?.[0];
  if (!declaration || !declaration.getSourceFile().fileName.startsWith(DOMAIN)) return undefined;
  const name = symbol.getName();
  const owner = claimed.get(name);
  if (owner && owner !== declaration) return undefined;
  claimed.set(name, declaration);
  return name;
}

function schemaOf(type, stack) {
  const name = contractName(type);
  if (name) {
    if (!(name in schemas) && !stack.includes(name)) {
      schemas[name] = {};
      schemas[name] = structural(type, [...stack, name]);
    }
    return { $ref: `#/components/schemas/${name}` };
  }
  if (stack.includes(type)) return {};
  return structural(type, [...stack, type]);
}

function structural(type, stack) {
  const f = type.flags;
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
  if (f & ts.TypeFlags.Void || f & ts.TypeFlags.Undefined) return {};
  if (f & ts.TypeFlags.Null) return { type: 'null' };
  if (f & ts.TypeFlags.StringLiteral) return { type: 'string', const: type.value };
  if (f & ts.TypeFlags.NumberLiteral) return { type: 'number', const: type.value };
  if (f & ts.TypeFlags.BooleanLiteral)
    return { type: 'boolean', const: type.intrinsicName === 'true' };
  if (f & ts.TypeFlags.EnumLiteral && type.isUnion?.()) return union(type.types, stack);
  if (f & ts.TypeFlags.StringLike) return { type: 'string' };
  if (f & ts.TypeFlags.NumberLike) return { type: 'number' };
  if (f & ts.TypeFlags.BooleanLike) return { type: 'boolean' };
  if (f & ts.TypeFlags.BigIntLike) return { type: 'string' };
  if (type.isUnion()) return union(type.types, stack);
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type);
    return { type: 'array', items: item ? schemaOf(item, stack) : {} };
  }
  if (checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type).map((item) => schemaOf(item, stack));
    return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
  }
  const symbolName = type.getSymbol()?.getName();
  if (symbolName === 'Date') return { type: 'string', format: 'date-time' };
  if (symbolName === 'Buffer' || symbolName === 'Uint8Array') return { type: 'string' };
  return object(type, stack);
}

function union(members, stack) {
  const kept = members.filter((m) => !(m.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
  const booleans = kept.filter((m) => m.flags & ts.TypeFlags.BooleanLiteral);
  const rest = kept.filter((m) => !(m.flags & ts.TypeFlags.BooleanLiteral));
  const parts = rest.map((m) => schemaOf(m, stack));
  if (booleans.length === 2) parts.push({ type: 'boolean' });
  else parts.push(...booleans.map((m) => schemaOf(m, stack)));
  // Literals of one type read better as an enum: "status": "success" | "failed" | ...
  const consts = parts.every((p) => 'const' in p && p.type === parts[0].type);
  if (consts && parts.length > 1) return { type: parts[0].type, enum: parts.map((p) => p.const) };
  const nulls = parts.filter((p) => p.type === 'null');
  const others = parts.filter((p) => p.type !== 'null');
  if (
    nulls.length &&
    others.length === 1 &&
    typeof others[0].type === 'string' &&
    !others[0].const
  ) {
    const [only] = others;
    return { ...only, type: [only.type, 'null'], ...(only.enum && { enum: [...only.enum, null] }) };
  }
  if (parts.length === 1) return parts[0];
  return { anyOf: dedupe(parts) };
}

function dedupe(parts) {
  const seen = new Set();
  return parts.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function object(type, stack) {
  const properties = {};
  const required = [];
  for (const property of checker.getPropertiesOfType(type)) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const propertyType = declaration
      ? checker.getTypeOfSymbolAtLocation(property, declaration)
      : checker.getTypeOfSymbol(property);
    if (propertyType.getCallSignatures().length) continue;
    const optional =
      property.flags & ts.SymbolFlags.Optional ||
      (propertyType.isUnion() &&
        propertyType.types.some((m) => m.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))) ||
      propertyType.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void);
    properties[property.getName()] = schemaOf(propertyType, stack);
    if (!optional) required.push(property.getName());
  }
  const schema = { type: 'object', properties };
  if (required.length) schema.required = required;
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  if (index) schema.additionalProperties = schemaOf(index.type, stack);
  return schema;
}

const sorted = (record) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
const text = `// Generated by apps/api/scripts/answer-schemas.mjs from the controllers' return types and
// libs/domain's contract: do not edit. Regenerate: node apps/api/scripts/answer-schemas.mjs
import type { OperationAnswers } from './answers.js';

export const CONTRACT_SCHEMAS: Record<string, object> = ${JSON.stringify(sorted(schemas))};

export const OPERATION_ANSWERS: OperationAnswers = ${JSON.stringify(sorted(operations))};
`;
const formatted = await prettier.format(text, {
  ...(await prettier.resolveConfig(OUTPUT)),
  filepath: OUTPUT,
});
if (process.argv.includes('--check')) {
  const current = (() => {
    try {
      return readFileSync(OUTPUT, 'utf8');
    } catch {
      return '';
    }
  })();
  if (current !== formatted) {
    console.error(
      `${relative(repoRoot, OUTPUT)} is stale: run node apps/api/scripts/answer-schemas.mjs and commit it`,
    );
    process.exit(1);
  }
  console.log(
    `${relative(repoRoot, OUTPUT)} is current (${Object.keys(operations).length} operations)`,
  );
} else {
  writeFileSync(OUTPUT, formatted);
  console.log(
    `wrote ${relative(repoRoot, OUTPUT)}: ${Object.keys(operations).length} operations, ${Object.keys(schemas).length} contract schemas`,
  );
}
