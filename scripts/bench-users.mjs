// `npm run bench -- users`: the users list of the largest account a plan allows, and CSV
// invitations, on the built server with SQLite and with PostgreSQL. The demo's large reseller
// (globex@example.com, on the largest plan) invites CSV files of up to 500 rows until its plan
// is full (each file is one all-or-nothing transaction); then the list is read under load.
// Figures are printed, never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { assertPortsFree, postgresEnv, runFixedAmount, signIn, waitFor } from './bench-server.mjs';

const ROWS = 500;
const LARGE_ACCOUNT = 'globex@example.com';
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const csvOf = (file, rows) =>
  [
    'email,first_name,last_name,allotted_computers',
    ...Array.from({ length: rows }, (_, i) => `bench${file}x${i}@bulk.example.com,Bench,User,0`),
  ].join('\n');

async function post(base, cookie, path, form) {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const response = await fetch(base + path, {
    method: 'POST',
    headers: {
      cookie,
      'x-xsrf-token': decodeURIComponent(xsrf),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

const load = (url, cookie) =>
  runFixedAmount({ url, headers: { cookie }, amount: 2000, connections: 20 });

async function benchUsers(label, env) {
  const port = 18099;
  const base = `http://127.0.0.1:${port}`;
  await assertPortsFree(port);
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-bench-users-'));
  const child = spawn(process.execPath, ['dist-server/main.js'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      // The bench imports more files in a row than one person is allowed to.
      CSV_IMPORT_LIMIT_PER_USER: '1000',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor(base);
    const cookie = await signIn(base, 'reseller', LARGE_ACCOUNT);
    const times = [];
    // Every user who is not cancelled counts against the plan (the list's header says how many).
    const header = await (
      await fetch(`${base}/rpc-api/reseller/user/get`, { headers: { cookie } })
    ).json();
    const room =
      header.message.planUsers - header.message.counts.active - header.message.counts.invited;
    for (let left = room, file = 0; left > 0; left -= ROWS, file += 1) {
      const started = performance.now();
      const csv = csvOf(file, Math.min(ROWS, left));
      await post(base, cookie, '/rpc-api/reseller/user/invite/csv', { csv });
      times.push(performance.now() - started);
    }
    console.log(`\n${label}`);
    console.log(
      `  CSV invitation: ${times.map((t) => t.toFixed(0)).join(' ms, ')} ms (${times.length} files, ${room} users: the plan's ${header.message.planUsers})`,
    );
    for (const [name, query] of [
      ['list, first page', '?pageSize=25'],
      ['list, last page of 50', '?page=5&pageSize=50'],
      ['list, search', '?q=bench1x4'],
      ['list, sorted by username', '?sort=username&order=asc'],
    ]) {
      const result = await load(`${base}/rpc-api/reseller/user/get${query}`, cookie);
      const failed = result.errors + result.timeouts + (result.non2xx ?? 0);
      console.log(
        `  ${name.padEnd(26)} ${result.perSecond.toFixed(0).padStart(5)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${failed}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Users: ${LARGE_ACCOUNT} fills its plan through CSV, then the list under load (20 connections)`,
);
await benchUsers('SQLite (embedded default)', { DATABASE_URL: '' });
const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
  const name = `rpc_bench_users_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  try {
    await benchUsers('PostgreSQL', postgresEnv(url.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
} catch (error) {
  console.log(`\nPostgreSQL: skipped (${error.message})`);
} finally {
  await admin.end().catch(() => {});
}
