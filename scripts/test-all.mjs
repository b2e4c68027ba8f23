// `npm test`: every check, in order, stopping at the first failure.
// typecheck, lint, unit, server on SQLite, server on PostgreSQL, build, cluster, browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx tsc -p tsconfig.json --noEmit && npx tsc -p src/sw/tsconfig.json --noEmit'],
  ['lint', 'npm run --silent lint'],
  ['unit tests', 'npx vitest run --project unit'],
  ['server tests on SQLite', 'npx vitest run --project server'],
  ['server tests on PostgreSQL', 'node scripts/with-postgres.mjs npx vitest run --project server'],
  ['build', 'npm run --silent build'],
  ['cluster tests (3 instances, HAProxy, PostgreSQL)', 'node scripts/test-cluster.mjs'],
  ['browser tests (Chromium)', 'npm run --silent test:e2e'],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, command] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: status === 0, seconds });
  if (status !== 0) break;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
