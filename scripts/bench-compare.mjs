// `npm run bench -- compare <buildA> <buildB>`: two builds of the server, A and B, measured in
// alternating rounds on the same engine, so both meet the same load on a shared machine. One
// run's req/s and CPU per request moved by a factor of up to two on the project's machine
// (README, Performance), more than most changes; the round-by-round ratio B/A of the CPU per
// request moves far less, and its median says what the change did.
//
// A build is a folder holding `dist-server/` (copy it there after `npm run build:server`); it must
// be inside the project, where the server finds its node_modules (`.tmp/` is ignored by git).
//
// Env: COMPARE_ENGINE (postgres, the default, or sqlite), COMPARE_TARGETS (comma-separated API
// paths; default the lists of `npm run bench -- api`), COMPARE_ROUNDS (8), COMPARE_REQUESTS
// (4,000 a round), BENCH_CONNECTIONS (50), BENCH_SESSIONS (one per connection).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  assertPortsFree,
  benchServerEnv,
  cpuMicros,
  postgresEnv,
  runFixedAmount,
  signInSessions,
  waitFor,
} from './bench-server.mjs';

const builds = process.argv.slice(3).map((dir) => resolve(dir));
if (builds.length !== 2 || !builds.every((dir) => existsSync(join(dir, 'dist-server/main.js')))) {
  console.error(
    'usage: npm run bench -- compare <buildA> <buildB> (each with dist-server/main.js)',
  );
  process.exit(1);
}
const ENGINE = process.env.COMPARE_ENGINE ?? 'postgres';
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 8);
const REQUESTS = Number(process.env.COMPARE_REQUESTS ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? CONNECTIONS);
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGETS = (
  process.env.COMPARE_TARGETS ??
  [
    '/rpc-api/reseller/user_info',
    '/rpc-api/reseller/user/get',
    '/rpc-api/reseller/computer/get',
    '/rpc-api/reseller/log/activity/get',
    '/rpc-api/reseller/ecom/invoices',
    '/rpc-api/partner/getPartnerUserReport',
  ].join(',')
).split(',');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Starts one build's server on a fresh demo database; returns how to reach and stop it. */
async function startServer(buildDir, port, admin) {
  let env = { DATABASE_URL: '' };
  let dropDatabase = async () => {};
  if (ENGINE === 'postgres') {
    const name = `rpc_compare_${String(Date.now())}_${String(port)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN);
    url.pathname = `/${name}`;
    env = postgresEnv(url.toString());
    dropDatabase = () => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-compare-'));
  const child = spawn(process.execPath, [join(buildDir, 'dist-server/main.js')], {
    stdio: process.env.BENCH_DEBUG ? 'inherit' : 'ignore',
    env: {
      ...process.env,
      ...env,
      ...benchServerEnv({ dataDir, staticDir: resolve('dist'), port, sessions: SESSIONS }),
    },
  });
  const exited = new Promise((done) => child.once('exit', done));
  const base = `http://127.0.0.1:${String(port)}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(base);
    return { base, pid: child.pid, cookies: await signInSessions(base, SESSIONS), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The sessions a path's calls come from: the partner's for partner calls, else the reseller's. */
const sessionsFor = (server, path) =>
  server.cookies[path.includes('/partner/') ? 'partner' : 'reseller'];

/** One measured round of `path` on `server`: CPU per request, req/s, p99. */
async function round(server, path) {
  const cookies = sessionsFor(server, path);
  const url = server.base + path;
  const before = cpuMicros(server.pid);
  const result = await runFixedAmount({ url, cookies, amount: REQUESTS, connections: CONNECTIONS });
  const cpu = (cpuMicros(server.pid) - before) / REQUESTS;
  const failed = result.errors + result.timeouts + (result.non2xx ?? 0);
  return { cpu, perSecond: result.perSecond, p99: result.latency.p99, failed };
}

await assertPortsFree(18310, 18311);
const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
if (ENGINE === 'postgres') await admin.connect();
const servers = [];
try {
  for (const [index, dir] of builds.entries())
    servers.push(await startServer(dir, 18310 + index, admin));
  console.log(
    `${ENGINE}: A ${builds[0]}, B ${builds[1]}; ${String(ROUNDS)} alternating rounds of ${String(REQUESTS)} requests, ${String(CONNECTIONS)} connections, ${String(SESSIONS)} sessions`,
  );
  for (const path of TARGETS) {
    // Warm-up: V8 compiles the hot paths, the statements are prepared.
    for (const server of servers) {
      await runFixedAmount({
        url: server.base + path,
        cookies: sessionsFor(server, path),
        amount: 2000,
        connections: CONNECTIONS,
      });
    }
    const rounds = [[], []];
    for (let r = 0; r < ROUNDS; r += 1) {
      // A then B, then B then A: neither always follows the other.
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) rounds[i].push(await round(servers[i], path));
    }
    const ratios = rounds[1].map((b, r) => b.cpu / rounds[0][r].cpu);
    const line = (name, list) =>
      `  ${name}  CPU ${median(list.map((x) => x.cpu))
        .toFixed(0)
        .padStart(4)} µs  ${median(list.map((x) => x.perSecond))
        .toFixed(0)
        .padStart(
          5,
        )} req/s  p99 ${String(median(list.map((x) => x.p99))).padStart(3)} ms  failed ${String(list.reduce((sum, x) => sum + x.failed, 0))}`;
    console.log(`\n${path} (medians of the rounds)`);
    console.log(line('A', rounds[0]));
    console.log(line('B', rounds[1]));
    console.log(
      `  B/A CPU per request: median ${median(ratios).toFixed(2)} (rounds ${ratios.map((x) => x.toFixed(2)).join(' ')})`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
  if (ENGINE === 'postgres') await admin.end().catch(() => {});
}
