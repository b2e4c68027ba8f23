// `npm test`: every check, stage by stage, stopping after the first stage with a failure.
// typecheck, formatting, lint, unit, server on SQLite and PostgreSQL, build, cluster, browser tests.
//
// A stage holds lanes that run at once; a lane runs its checks one after another. tsc, eslint
// and the server suite (one vitest worker there) each keep about one of a two-CPU machine's
// cores busy, so two lanes side by side take little longer than one. Each check's
// output is kept and printed whole when it ends, so the log reads one check at a time. Each
// server test file makes its own database (a SQLite file, or its own PostgreSQL database), so
// the two server runs share nothing. The browser tests run alone: Chromium is CPU-bound, and two
// shards side by side were slower than one run (measured: 16.5 min for half the tests).
import { spawn } from 'node:child_process';

const stages = [
  [
    [
      [
        'typecheck',
        'npx tsc -p tsconfig.json --noEmit && npx tsc -p src/sw/tsconfig.json --noEmit',
      ],
      ['formatting', 'npx prettier --check .'],
    ],
    // The longest check of the stage (about 106 s alone): typecheck and formatting (54 s
    // together) run beside it.
    [['lint', 'npx eslint . --max-warnings 0']],
  ],
  // Alone, on every core: the files that need a DOM build a jsdom window each (one worker, the
  // default on two CPUs, took 98 s; two took 68 s, and 44 s once the rule book's files ran
  // without jsdom).
  [[['unit tests', 'npx vitest run --project unit --maxWorkers=100%']]],
  // The SQLite run ends about 100 s before the PostgreSQL one: the build and the cluster suite
  // (its own databases) follow it in that lane instead of waiting for a stage of their own.
  [
    [
      ['server tests on SQLite', 'npx vitest run --project server'],
      ['build', 'npm run --silent build'],
      ['cluster tests (3 instances, HAProxy, PostgreSQL)', 'node scripts/test-cluster.mjs'],
    ],
    [
      [
        'server tests on PostgreSQL',
        'node scripts/with-postgres.mjs npx vitest run --project server',
      ],
    ],
  ],
  [[['browser tests (Chromium)', 'npm run --silent test:e2e']]],
];

/** Runs one check; alone in its stage it prints as it goes, beside others it prints at the end. */
function run([name, command], alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (alone) console.log(`\n=== ${name}: ${command}`);
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : 'pipe' });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (status) => {
      if (!alone) {
        console.log(`\n=== ${name}: ${command}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ name, ok: status === 0, seconds });
    });
  });
}

/** A lane's checks in order, stopping at its first failure. */
async function runLane(checks, alone) {
  const outcomes = [];
  for (const check of checks) {
    const outcome = await run(check, alone);
    outcomes.push(outcome);
    if (!outcome.ok) break;
  }
  return outcomes;
}

const only = process.argv.slice(2);
const wanted = ([name]) => only.length === 0 || only.some((word) => name.includes(word));
const results = [];
for (const stage of stages) {
  const lanes = stage.map((lane) => lane.filter(wanted)).filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  const outcomes = (
    await Promise.all(lanes.map((lane) => runLane(lane, lanes.length === 1)))
  ).flat();
  results.push(...outcomes);
  if (outcomes.some((outcome) => !outcome.ok)) break;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
