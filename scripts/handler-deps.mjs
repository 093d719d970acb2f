#!/usr/bin/env node
// Constructor dependencies of the API's injectable classes (issue 24: a handler has at most six).
// Usage: node scripts/handler-deps.mjs [dir=apps/api/src] [rows=15] [--handlers]
// Counts the parameters of each constructor of a class decorated @Injectable, @CommandHandler,
// @QueryHandler, @EventsHandler or @Controller (a command's own fields are not dependencies).
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const handlersOnly = args.includes('--handlers');
const [dir = 'apps/api/src', rows = '15'] = args.filter((a) => !a.startsWith('--'));
const DECORATED =
  /@(Injectable|CommandHandler|QueryHandler|EventsHandler|Controller)\([^)]*\)\s*(?:@[\w.]+\([^)]*\)\s*)*export\s+class\s+(\w+)[^{]*\{/g;
const HANDLER = /^(CommandHandler|QueryHandler|EventsHandler)$/;

function* files(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') yield* files(full);
    } else if (full.endsWith('.ts') && !full.endsWith('.spec.ts')) yield full;
  }
}

/** The text between a constructor's parentheses, balanced (decorators hold parentheses). */
function constructorParams(text, from) {
  const start = text.indexOf('constructor(', from);
  if (start < 0) return null;
  let depth = 0;
  for (let i = start + 'constructor'.length; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start + 12, i);
  }
  return null;
}

const found = [];
for (const file of files(dir)) {
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(DECORATED)) {
    if (handlersOnly && !HANDLER.test(match[1])) continue;
    const next = text.indexOf('export class', match.index + match[0].length);
    const params = constructorParams(text, match.index + match[0].length);
    const at = text.indexOf('constructor(', match.index + match[0].length);
    if (params === null || (next >= 0 && at > next)) continue;
    const count = params.split(/,(?![^(]*\))/).filter((p) => p.trim()).length;
    found.push({ count, name: match[2], file: path.relative(process.cwd(), file) });
  }
}
found.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
for (const { count, name, file } of found.slice(0, Number(rows))) {
  console.log(`${String(count).padStart(2)}  ${name}  ${file}`);
}
const over = found.filter((f) => f.count > 6).length;
console.log(`${found.length} classes; ${over} with more than six dependencies`);
