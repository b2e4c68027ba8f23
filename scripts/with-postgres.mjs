// Runs a command with TEST_DATABASE_URL pointing at a reachable PostgreSQL server, so the server
// tests run against PostgreSQL. Each test file creates (and drops) its own database there.
// On CI (CI=true) an unreachable server is a failure; on a developer machine it is skipped loudly.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

if (!(await reachable()) && existsSync('/etc/postgresql')) {
  // The project's machines run PostgreSQL from Debian's packages; start it if it stopped.
  const version = readdirSync('/etc/postgresql')[0];
  try {
    execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: 'inherit' });
  } catch {
    /* reported below */
  }
}

if (!(await reachable())) {
  const message = `PostgreSQL is not reachable at ${url}. Start it, or set TEST_DATABASE_URL.`;
  if (process.env.CI === 'true') {
    console.error(`FAIL: ${message}`);
    process.exit(1);
  }
  console.warn(`SKIPPED the PostgreSQL run: ${message}`);
  process.exit(0);
}

const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
