// `npm run bench -- api`: API throughput and latency under load, on loopback, against the built
// server on SQLite and on PostgreSQL, next to a bare Fastify hello-world (the ceiling).
// Each target gets a fixed number of requests; figures are printed, never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postgresEnv, runFixedAmount, signIn, waitFor } from './bench-server.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What is measured; targets whose endpoint does not exist yet are reported as such. */
const targets = [
  { name: 'static asset', path: () => `/rpc-app/assets/${firstAsset()}` },
  { name: 'user_info (reseller)', path: () => '/rpc-api/reseller/user_info', as: 'reseller' },
  { name: 'user list', path: () => '/rpc-api/reseller/user/get', as: 'reseller' },
  { name: 'activity log page', path: () => '/rpc-api/reseller/log/activity/get', as: 'reseller' },
  { name: 'commission report', path: () => '/rpc-api/partner/getPartnerUserReport', as: 'partner' },
];

const firstAsset = () => readdirSync('dist/assets').find((f) => f.endsWith('.js'));

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 2000);

/** A warm-up run first (V8 compiles the hot paths, caches fill), then the measured one. */
async function run(url, headers = {}) {
  await runFixedAmount({ url, headers, amount: WARM_UP, connections: CONNECTIONS });
  return runFixedAmount({ url, headers, amount: REQUESTS, connections: CONNECTIONS });
}

const perSecond = (r) => r.perSecond;

const row = (name, r, ceiling) => {
  const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
  const ratio = ceiling ? `${((perSecond(r) / ceiling) * 100).toFixed(0)}%` : '';
  return `  ${name.padEnd(24)} ${perSecond(r).toFixed(0).padStart(7)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${errors}  ${ratio}`;
};

async function benchServer(label, env, ceiling) {
  const port = 18096;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-bench-'));
  const child = spawn(process.execPath, ['dist-server/main.js'], {
    stdio: process.env.BENCH_DEBUG ? 'inherit' : 'ignore',
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor(base);
    const cookies = {
      reseller: await signIn(base, 'reseller'),
      partner: await signIn(base, 'partner'),
    };
    console.log(`\n${label}`);
    for (const target of targets) {
      const path = target.path();
      const headers = target.as ? { cookie: cookies[target.as] } : {};
      const probe = await fetch(base + path, { headers });
      if (probe.status === 404) {
        console.log(`  ${target.name.padEnd(24)} not available yet (${path})`);
        continue;
      }
      console.log(row(target.name, await run(base + path, headers), ceiling));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The ceiling: a bare Fastify in its own process, like the real server. */
async function helloWorld() {
  const source = `
    const app = (await import('fastify')).default();
    app.get('/', () => ({ hello: 'world' }));
    await app.listen({ port: 18097, host: '127.0.0.1' });
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: 'ignore' });
  try {
    for (let i = 0; i < 100; i += 1) {
      try {
        if ((await fetch('http://127.0.0.1:18097/')).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return await run('http://127.0.0.1:18097/');
  } finally {
    child.kill('SIGTERM');
  }
}

console.log(
  `API under load: ${REQUESTS} requests per target after ${WARM_UP} to warm up, ${CONNECTIONS} connections, loopback`,
);
const ceilingResult = await helloWorld();
console.log(row('bare Fastify hello-world', ceilingResult));
const ceiling = perSecond(ceilingResult);

await benchServer('SQLite (embedded default)', { DATABASE_URL: '' }, ceiling);

const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
  const name = `rpc_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  try {
    await benchServer('PostgreSQL', postgresEnv(url.toString()), ceiling);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
} catch (error) {
  console.log(`\nPostgreSQL: skipped (${error.message})`);
} finally {
  await admin.end().catch(() => {});
}
console.log('\nPercentages are throughput relative to the hello-world ceiling.');
