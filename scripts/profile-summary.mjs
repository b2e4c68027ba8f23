// Summarises a .cpuprofile of the built server (`BENCH_PROFILE=<dir> npm run bench -- api` writes
// one per engine): self time by where it goes (per-request hooks, session check, Kysely, the
// database driver, serialisation, logging, Fastify and Node's HTTP), then the hottest functions.
// Frames of dist-server/main.js are mapped back to their TypeScript through its source map.
//
//   node scripts/profile-summary.mjs <file.cpuprofile> [<main.js.map>] [--top N]
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

const [file, mapFile = 'dist-server/main.js.map'] = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--top');
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
if (!file) {
  console.error('usage: node scripts/profile-summary.mjs <file.cpuprofile> [<main.js.map>]');
  process.exit(1);
}

const profile = JSON.parse(readFileSync(file, 'utf8'));
let sourceMap;
try {
  sourceMap = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
} catch {
  console.warn(`No source map at ${mapFile}: server frames stay as main.js`);
}

/** Where a frame's code comes from: its original source for the bundled server. */
function sourceOf(frame) {
  const { url, lineNumber, columnNumber } = frame;
  if (sourceMap && url.endsWith('dist-server/main.js')) {
    const entry = sourceMap.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) return entry.originalSource.replace(/^.*?\/(server|src)\//, '$1/');
  }
  return url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'node_modules/');
}

/** The first rule that matches a frame names its category. */
const rules = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['V8 / native, not attributed', (f) => f.functionName === '(program)'],
  ['logging (pino)', (f, s) => /node_modules\/(pino|sonic-boom)/.test(s)],
  [
    'per-request hooks (route policy, CSRF, headers, rate limits, metrics, cookies)',
    (f, s) =>
      /server\/plugins\//.test(s) ||
      /node_modules\/(@fastify\/(cookie|rate-limit|helmet)|cookie|helmet|prom-client)\//.test(s),
  ],
  [
    'session check (token signature, session row)',
    (f, s) => /server\/services\/sessions/.test(s) || /node_modules\/(fast-jwt|mnemonist)/.test(s),
  ],
  // better-sqlite3 runs the statement in native code, sampled as the self time of its JS caller.
  [
    "SQL execution in SQLite (native, under Kysely's executeQuery)",
    (f, s) => f.functionName === 'executeQuery' && /kysely\/.*sqlite-driver/.test(s),
  ],
  ['Kysely (query building, compiling, result mapping)', (f, s) => /node_modules\/kysely/.test(s)],
  ['statement cache / named statements', (f, s) => /server\/db\//.test(s)],
  ['SQLite driver (better-sqlite3)', (f, s) => /node_modules\/better-sqlite3/.test(s)],
  ['PostgreSQL driver (pg)', (f, s) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(s)],
  [
    'serialisation (zod response schema, JSON)',
    (f, s) =>
      /node_modules\/(zod|fastify-type-provider-zod|fast-json-stringify|secure-json-parse)\//.test(
        s,
      ) || ['stringify', 'parse'].includes(f.functionName),
  ],
  ['route handlers and services', (f, s) => /^(server|src)\//.test(s)],
  [
    'Fastify core (routing, hooks runner, reply)',
    (f, s) => /node_modules\/(fastify|find-my-way|avvio|@fastify\/|light-my-request)/.test(s),
  ],
  [
    'socket writes (writev: answers out; on PostgreSQL also the queries)',
    (f) => /^writev/.test(f.functionName),
  ],
  [
    'file reads (static assets), module loading at start-up',
    (f) =>
      ['open', 'close', 'stat', 'read', 'fstat', 'wrapSafe', 'compileFunction'].includes(
        f.functionName,
      ),
  ],
  ['Node HTTP, streams, sockets', (f, s) => /^node:/.test(s) || s === ''],
  ['other', () => true],
];

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[i + 1] ?? 0));
}

const categories = new Map();
const functions = new Map();
let total = 0;
let busy = 0;
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id).callFrame;
  const source = sourceOf(frame);
  const [category] = rules.find(([, test]) => test(frame, source));
  categories.set(category, (categories.get(category) ?? 0) + micros);
  total += micros;
  if (category !== 'idle') busy += micros;
  const key = `${frame.functionName || '(anonymous)'}  ${source}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
}

const pct = (micros, of) => `${((micros / of) * 100).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy`);
console.log('\nSelf time by category (share of busy time)');
for (const [name, micros] of [...categories].sort((a, b) => b[1] - a[1])) {
  if (name === 'idle') continue;
  console.log(`  ${pct(micros, busy)}  ${name}`);
}
console.log(`\nHottest ${TOP} functions (self time, share of busy time)`);
for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, TOP + 1)) {
  if (name.startsWith('(idle)')) continue;
  console.log(`  ${pct(micros, busy)}  ${name}`);
}
