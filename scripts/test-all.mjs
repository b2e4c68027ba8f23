// `npm test`: every check, stage by stage, stopping after the first stage with a failure.
// typecheck, lint, unit, server on SQLite, server on PostgreSQL, build, cluster, browser tests.
//
// The checks of one stage are independent and run at once: a single vitest or tsc process keeps
// only about one of a two-CPU machine's cores busy (vitest starts one worker there), so the two
// server runs side by side take little longer than one. Each check's output is kept and printed
// whole when it ends, so the log reads one check at a time. Each server test file makes its own
// database (a SQLite file, or its own PostgreSQL database), so the runs share nothing.
import { spawn } from 'node:child_process';

const stages = [
  [
    ['typecheck', 'npx tsc -p tsconfig.json --noEmit && npx tsc -p src/sw/tsconfig.json --noEmit'],
    ['lint', 'npm run --silent lint'],
  ],
  [['unit tests', 'npx vitest run --project unit']],
  [
    ['server tests on SQLite', 'npx vitest run --project server'],
    [
      'server tests on PostgreSQL',
      'node scripts/with-postgres.mjs npx vitest run --project server',
    ],
  ],
  [['build', 'npm run --silent build']],
  [['cluster tests (3 instances, HAProxy, PostgreSQL)', 'node scripts/test-cluster.mjs']],
  [['browser tests (Chromium)', 'npm run --silent test:e2e']],
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

const only = process.argv.slice(2);
const wanted = ([name]) => only.length === 0 || only.some((word) => name.includes(word));
const results = [];
for (const stage of stages) {
  const checks = stage.filter(wanted);
  if (checks.length === 0) continue;
  const outcomes = await Promise.all(checks.map((check) => run(check, checks.length === 1)));
  results.push(...outcomes);
  if (outcomes.some((outcome) => !outcome.ok)) break;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
