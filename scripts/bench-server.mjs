// Helpers shared by the benchmarks (bench.mjs, bench-api.mjs, bench-soak.mjs, bench-users.mjs).
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import autocannon from 'autocannon';

/**
 * The environment of a built server on PostgreSQL: its keys (required there, every instance
 * shares them) and no drain on SIGTERM (a bench stops its server at once).
 */
export function postgresEnv(databaseUrl) {
  return {
    DATABASE_URL: databaseUrl,
    TOKEN_SECRET: crypto.randomBytes(32).toString('hex'),
    CSRF_SECRET: crypto.randomBytes(32).toString('hex'),
    FIELD_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    SHUTDOWN_DRAIN_SECONDS: '0',
  };
}

/** Whether the health check answers 200; over HTTPS, the bench's own self-signed certificate. */
function isHealthy(base) {
  if (!base.startsWith('https:')) {
    return fetch(`${base}/rpc-api/health`).then((response) => response.ok);
  }
  return new Promise((resolve, reject) => {
    https
      .get(`${base}/rpc-api/health`, { rejectUnauthorized: false }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', reject);
  });
}

/** CPU time (user + system) a process has used, in µs, from /proc (Linux; undefined elsewhere). */
export function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms (CLK_TCK 100).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/** The machine's CPU time since boot from /proc/stat, in clock ticks: all of it, and busy. */
export function machineTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return undefined;
  }
}

/** The share of all the machine's cores that was busy between two `machineTicks()`, in %. */
export function busyPercent(before, after) {
  if (!before || !after || after.total === before.total) return undefined;
  return (100 * (after.busy - before.busy)) / (after.total - before.total);
}

/**
 * Fails when something already listens on one of `ports` of this machine: a server left running
 * by an interrupted bench would answer in place of the one the bench starts (whose own start then
 * fails unseen), and be measured instead, serving a build that may have changed since.
 */
export async function assertPortsFree(...ports) {
  for (const port of ports) {
    const taken = await new Promise((resolve) => {
      const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (taken) {
      throw new Error(
        `port ${String(port)} is in use (a server left by an interrupted bench?): stop it first`,
      );
    }
  }
}

export async function waitFor(base) {
  for (let i = 0; i < 150; i += 1) {
    try {
      if (await isHealthy(base)) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${base} did not start`);
}

/**
 * The environment of a built server under a bench (with `process.env` and the engine's): a fresh
 * demo database in `dataDir`, quiet logs, and room to sign in `sessions` times from one address.
 */
export function benchServerEnv({ dataDir, staticDir, port, sessions }) {
  return {
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    SIGNIN_LIMIT_PER_IP: String(sessions * 2 + 10),
    SIGNIN_LIMIT_PER_ACCOUNT: String(sessions + 10),
  };
}

/** `count` sessions of the demo's reseller administrator and as many of its partner (cookies). */
export async function signInSessions(base, count) {
  const cookies = { reseller: [], partner: [] };
  for (let i = 0; i < count; i += 1) {
    cookies.reseller.push(await signIn(base, 'reseller'));
    cookies.partner.push(await signIn(base, 'partner'));
  }
  return cookies;
}

/**
 * Signs in like the console does and returns the Cookie header of the session: as the demo's
 * reseller administrator or partner, or as `username` (a demo account, password Demo@1234).
 */
export async function signIn(base, kind, username = undefined) {
  const jar = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
  };
  keep(await fetch(`${base}/rpc-api/csrf`, { method: 'POST' }));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${base}/rpc-api/${kind}/user_signin`, {
    method: 'POST',
    headers: {
      cookie: cookie(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      username: username ?? (kind === 'reseller' ? 'reseller@example.com' : 'demopartner'),
      password: 'Demo@1234',
    }),
  });
  if (!response.ok) throw new Error(`sign-in as ${kind} failed: ${response.status}`);
  keep(response);
  return cookie();
}

/**
 * Sends `amount` requests over `connections` (autocannon options) and adds `perSecond`: the
 * requests over the time to the last response. autocannon notices that the amount is reached on
 * its one-second tick, so its own `duration` of a short run is rounded up to whole seconds (5,000
 * requests in 1.2 s read as 2,500 req/s).
 *
 * `cookies`: the requests take them in turn as their Cookie header, so the calls come from as
 * many sessions as there are cookies, as the calls of many users would.
 */
export function runFixedAmount({ cookies, ...options }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let lastResponse = started;
    let next = 0;
    const inTurn = {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, cookie: cookies[next++ % cookies.length] },
      }),
    };
    if (cookies?.length) options.requests = [inTurn];
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else
        resolve({
          ...result,
          perSecond: result.requests.total / ((lastResponse - started) / 1000),
        });
    });
    instance.on('response', () => {
      lastResponse = performance.now();
    });
  });
}
