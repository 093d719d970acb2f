// `node bench/profile-summary.mjs <file.cpuprofile>`: where a CPU profile's time went, as shares
// of the samples the process was busy (idle left out): self time by package (node_modules/<pkg>,
// node:<module>, khata:<feature> for apps/api/dist, the libs), the packages on the stack
// (inclusive: a sample counts once for each package it passed through), and the functions with
// the most self time. Used for docs/performance.md (issue 32).
import { readFileSync } from 'node:fs';

const [path, limitArgument] = process.argv.slice(2);
if (!path) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(limitArgument ?? 25);
const profile = JSON.parse(readFileSync(path, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

const selfSamples = new Map();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);

/** The package a script belongs to, or the native frame's name. */
function packageOf({ url, functionName }) {
  if (!url) return functionName || '(native)';
  const dependency = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (dependency) return dependency[1];
  if (url.startsWith('node:')) return url;
  const feature = url.match(/apps\/api\/dist\/([^/]+)/);
  if (feature) return `khata:${feature[1].replace(/\.js$/, '')}`;
  const lib = url.match(/libs\/([^/]+)\//);
  if (lib) return `khata-lib:${lib[1]}`;
  return url;
}

const add = (map, key, count) => map.set(key, (map.get(key) ?? 0) + count);
const self = new Map();
const inclusive = new Map();
const functions = new Map();
let idle = 0;
for (const [id, count] of selfSamples) {
  const frame = nodes.get(id).callFrame;
  if (frame.functionName === '(idle)') {
    idle += count;
    continue;
  }
  add(self, packageOf(frame), count);
  add(
    functions,
    `${frame.functionName || '(anonymous)'}  ${packageOf(frame)}:${frame.lineNumber + 1}`,
    count,
  );
  const onStack = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const callFrame = nodes.get(at).callFrame;
    if (callFrame.url) onStack.add(packageOf(callFrame));
  }
  for (const name of onStack) add(inclusive, name, count);
}

const busy = profile.samples.length - idle;
const seconds = (profile.endTime - profile.startTime) / 1e6;
const table = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, count]) => `${((100 * count) / busy).toFixed(1).padStart(6)}%  ${name}`)
    .join('\n');
console.log(
  `${path}: ${seconds.toFixed(1)} s, ${profile.samples.length} samples, busy ${((100 * busy) / profile.samples.length).toFixed(1)}%`,
);
console.log(`\nself time by package (% of busy samples)\n${table(self)}`);
console.log(`\non the stack, by package (inclusive)\n${table(inclusive)}`);
console.log(`\nfunctions by self time\n${table(functions)}`);
