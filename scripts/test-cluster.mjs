// The cluster suite: three built instances on PostgreSQL behind HAProxy (tests/cluster/).
// Needs `npm run build` first; finds or installs HAProxy; skips loudly only where it cannot.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist-server/main.js') || !existsSync('dist-server/jobs.js')) {
  console.error('The server is not built: run `npm run build` first.');
  process.exit(1);
}
const ensured = spawnSync(process.execPath, ['scripts/ensure-haproxy.mjs'], { stdio: 'inherit' });
if (ensured.status === 3) process.exit(0); // skipped, with the reason printed
if (ensured.status !== 0) process.exit(1);
const run = spawnSync(
  process.execPath,
  ['scripts/with-postgres.mjs', 'npx', 'vitest', 'run', '--project', 'cluster'],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
