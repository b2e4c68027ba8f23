// `npm run bench -- api`: API throughput and latency under load, on loopback, against the built
// server (of BUILD_DIR, as for the browser tests) on SQLite and on PostgreSQL. Two references:
// - a bare Fastify hello-world (does nothing: the ceiling of the HTTP stack);
// - the floor of a signed-in read on the same engine (bench-floor-server.mjs: cookie, signature,
//   session joined to its user by primary key, a user-info-sized answer). Every signed-in figure
//   is printed as a percentage of it.
// Each target gets a fixed number of requests; figures are printed, never asserted.
// BENCH_PROFILE=<dir>: the real server runs under `node --cpu-prof` and writes one .cpuprofile
// per engine into <dir> (open it in Chrome DevTools or speedscope).
// BENCH_ENGINES=sqlite|postgres: only that engine (both by default). BENCH_NODE_FLAGS: flags
// for the real server's node (to try a V8 or runtime flag before `npm run serve` gets it).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import {
  assertPortsFree,
  benchServerEnv,
  busyPercent,
  cpuMicros,
  machineTicks,
  postgresEnv,
  runFixedAmount,
  signInSessions,
  waitFor,
} from './bench-server.mjs';

const BUILD_DIR = process.env.BUILD_DIR ?? '.';
const PROFILE_DIR = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : undefined;

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// The signed-in calls come from this many sessions, taken in turn (one per connection by
// default), as the calls of many users would: the server reads each call's session, and on
// PostgreSQL reads the sessions of calls that arrive together in one statement
// (server/db/coalesced-read.ts), which one session for every call would flatter.
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? CONNECTIONS);

/** What is measured; targets whose endpoint does not exist yet are reported as such. */
const targets = [
  { name: 'static asset', path: () => `/rpc-app/assets/${firstAsset()}` },
  { name: 'user_info (reseller)', path: () => '/rpc-api/reseller/user_info', as: 'reseller' },
  { name: 'user list', path: () => '/rpc-api/reseller/user/get', as: 'reseller' },
  { name: 'computer list', path: () => '/rpc-api/reseller/computer/get', as: 'reseller' },
  { name: 'activity log page', path: () => '/rpc-api/reseller/log/activity/get', as: 'reseller' },
  {
    name: 'activity log users',
    path: () => '/rpc-api/reseller/log/activity/users',
    as: 'reseller',
  },
  { name: 'invoice list', path: () => '/rpc-api/reseller/ecom/invoices', as: 'reseller' },
  { name: 'commission report', path: () => '/rpc-api/partner/getPartnerUserReport', as: 'partner' },
];

// BENCH_TARGETS=user_info,activity: only the targets whose name has one of these (a profile of
// one read).
const only = process.env.BENCH_TARGETS?.split(',').filter(Boolean);
const measured = only ? targets.filter((t) => only.some((part) => t.name.includes(part))) : targets;

const firstAsset = () => readdirSync(join(BUILD_DIR, 'dist/assets')).find((f) => f.endsWith('.js'));

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 2000);

/**
 * A warm-up run first (V8 compiles the hot paths, caches fill), then the measured one. With the
 * server's `pid`, the result also has `cpuPerRequest`: its CPU time per measured request in µs,
 * which other work on a shared machine disturbs far less than req/s (on PostgreSQL it leaves
 * out the database server's own CPU). With `backends` (the PIDs of the database's processes
 * serving the bench, on PostgreSQL, as open after the warm-up, which fills the server's pool),
 * `dbCpuPerRequest` is theirs. `busy`: the share of all the
 * machine's cores in use meanwhile (server, database and load generator together; near 100%,
 * requests wait for a core, and the tail grows).
 */
async function run(url, cookies = undefined, pid = undefined, backends = undefined) {
  await runFixedAmount({ url, cookies, amount: WARM_UP, connections: CONNECTIONS });
  const pids = backends ? await backends() : [];
  const databaseCpu = () => pids.reduce((sum, one) => sum + (cpuMicros(one) ?? 0), 0);
  const before = {
    server: pid && cpuMicros(pid),
    database: databaseCpu(),
    machine: machineTicks(),
  };
  const result = await runFixedAmount({ url, cookies, amount: REQUESTS, connections: CONNECTIONS });
  const after = { server: pid && cpuMicros(pid), database: databaseCpu(), machine: machineTicks() };
  const perRequest = (from, to) =>
    from === undefined || to === undefined ? undefined : (to - from) / REQUESTS;
  return {
    ...result,
    cpuPerRequest: perRequest(before.server, after.server),
    dbCpuPerRequest: pids.length ? perRequest(before.database, after.database) : undefined,
    busy: busyPercent(before.machine, after.machine),
  };
}

const perSecond = (r) => r.perSecond;

const percent = (r, reference) => `${((perSecond(r) / reference) * 100).toFixed(0)}%`;

/** One indented row; `refs.floor` and `refs.hello` (req/s) add the percentages of each. */
const row = (name, r, refs = {}) => {
  const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
  const cpuShare =
    refs.floorCpu && r.cpuPerRequest
      ? ` (CPU ${((refs.floorCpu / r.cpuPerRequest) * 100).toFixed(0)}%)`
      : '';
  const ratios = [
    refs.floor ? `${percent(r, refs.floor).padStart(4)} of floor${cpuShare}` : '',
    refs.hello ? `${percent(r, refs.hello).padStart(4)} of hello-world` : '',
  ].join('  ');
  const cpu = [
    r.cpuPerRequest === undefined ? '' : `${r.cpuPerRequest.toFixed(0).padStart(4)} µs CPU`,
    r.dbCpuPerRequest === undefined ? '' : `(db ${r.dbCpuPerRequest.toFixed(0)} µs)`,
    r.busy === undefined ? '' : `cores ${r.busy.toFixed(0)}% busy`,
  ]
    .filter(Boolean)
    .join(' ');
  return `  ${name.padEnd(24)} ${perSecond(r).toFixed(0).padStart(7)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${errors}  ${cpu}  ${ratios}`.trimEnd();
};

/** The size of an answer's body, to show that the floor answers about as much as user_info. */
const bodyBytes = async (url, cookie) =>
  (await (await fetch(url, { headers: { cookie } })).arrayBuffer()).byteLength;

/**
 * The floor on one engine, in its own process: its req/s and its line. `databaseUrl` empty:
 * SQLite in a temporary folder.
 */
async function floor(databaseUrl, backends) {
  const dir = mkdtempSync(join(tmpdir(), 'rpc-floor-'));
  const child = spawn(process.execPath, ['scripts/bench-floor-server.mjs'], {
    stdio: ['ignore', 'pipe', process.env.BENCH_DEBUG ? 'inherit' : 'ignore'],
    env: {
      ...process.env,
      FLOOR_PORT: '18098',
      FLOOR_DIR: dir,
      FLOOR_DATABASE_URL: databaseUrl,
      FLOOR_COOKIES: String(SESSIONS),
    },
  });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    const lines = createInterface({ input: child.stdout });
    const [first] = await Promise.race([
      lines[Symbol.asyncIterator]()
        .next()
        .then(({ value }) => [value]),
      exited.then(() => [undefined]),
    ]);
    if (!first) throw new Error('the floor server did not start');
    const { cookies } = JSON.parse(first);
    const url = 'http://127.0.0.1:18098/';
    const bytes = await bodyBytes(url, cookies[0]);
    const result = await run(url, cookies, child.pid, backends);
    return { result, bytes };
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `backends`: on PostgreSQL, the PIDs of the processes serving the server's and the floor's. */
async function benchServer(label, env, hello, floorDatabaseUrl, backends = {}) {
  console.log(`\n${label}`);
  const { result: floorResult, bytes: floorBytes } = await floor(floorDatabaseUrl, backends.floor);
  const refs = { floor: perSecond(floorResult), floorCpu: floorResult.cpuPerRequest, hello };
  console.log(row(`floor (${floorBytes} B answer)`, floorResult, { hello }));
  const port = 18096;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rpc-bench-'));
  const profileFlags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${dataDir}`] : [];
  profileFlags.push(...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []));
  const child = spawn(process.execPath, [...profileFlags, join(BUILD_DIR, 'dist-server/main.js')], {
    stdio: process.env.BENCH_DEBUG ? 'inherit' : 'ignore',
    env: {
      ...process.env,
      ...env,
      ...benchServerEnv({
        dataDir,
        staticDir: join(BUILD_DIR, 'dist'),
        port,
        sessions: SESSIONS,
      }),
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor(base);
    const cookies = await signInSessions(base, SESSIONS);
    for (const target of measured) {
      const path = target.path();
      const sessions = target.as ? cookies[target.as] : undefined;
      const probe = await fetch(base + path, { headers: { cookie: sessions?.[0] ?? '' } });
      if (probe.status === 404) {
        console.log(`  ${target.name.padEnd(24)} not available yet (${path})`);
        continue;
      }
      const name =
        target.name === 'user_info (reseller)'
          ? `user_info (${(await probe.arrayBuffer()).byteLength} B)`
          : target.name;
      const result = await run(base + path, sessions, child.pid, backends.server);
      console.log(row(name, result, target.as ? refs : { hello }));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    if (PROFILE_DIR) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      const engine = env.DATABASE_URL ? 'postgres' : 'sqlite';
      for (const file of readdirSync(dataDir).filter((f) => f.endsWith('.cpuprofile'))) {
        renameSync(join(dataDir, file), join(PROFILE_DIR, `server-${engine}.cpuprofile`));
      }
    }
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
    return await run('http://127.0.0.1:18097/', {}, child.pid);
  } finally {
    child.kill('SIGTERM');
  }
}

await assertPortsFree(18096, 18097, 18098);
console.log(
  `API under load: ${REQUESTS} requests per target after ${WARM_UP} to warm up, ${CONNECTIONS} connections, ${SESSIONS} sessions, loopback`,
);
const helloResult = await helloWorld();
console.log(`\nNo database\n${row('bare Fastify hello-world', helloResult)}`);
const hello = perSecond(helloResult);

const engines = process.env.BENCH_ENGINES?.split(',') ?? ['sqlite', 'postgres'];
if (engines.includes('sqlite')) {
  await benchServer('SQLite (embedded default)', { DATABASE_URL: '' }, hello, '');
}

const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
try {
  if (!engines.includes('postgres')) throw new Error('BENCH_ENGINES leaves it out');
  await admin.connect();
  const name = `rpc_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.query(`CREATE DATABASE ${name}_floor`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const floorUrl = new URL(PG_ADMIN);
  floorUrl.pathname = `/${name}_floor`;
  try {
    // A database server on another machine has no processes here: its CPU is left out.
    const backendsOf = (database) => async () =>
      (
        await admin.query('select pid from pg_stat_activity where datname = $1', [database])
      ).rows.map((row) => row.pid);
    await benchServer('PostgreSQL', postgresEnv(url.toString()), hello, floorUrl.toString(), {
      server: backendsOf(name),
      floor: backendsOf(`${name}_floor`),
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${name}_floor WITH (FORCE)`);
  }
} catch (error) {
  console.log(`\nPostgreSQL: skipped (${error.message})`);
} finally {
  await admin.end().catch(() => {});
}
console.log(
  [
    '\nPercentages: throughput relative to the floor of a signed-in read on the same engine and to',
    'the hello-world. µs CPU: the Node process per request; (CPU NN%): the floor of the same engine',
    'over the call, by CPU per request, which other work on a shared machine disturbs less;',
    "(db NN µs): PostgreSQL's processes serving the calls, per request (this machine's only);",
    'cores NN% busy: all cores of the machine during the run, the load generator included.',
  ].join('\n'),
);
