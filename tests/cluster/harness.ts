import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../server/helpers/test-app';

/**
 * Three built instances of the server (dist-server/main.js) on one new PostgreSQL database,
 * behind HAProxy started with deploy/haproxy.cfg: what an operator runs, started from here.
 */
const SERVER = path.resolve('dist-server/main.js');
const JOBS = path.resolve('dist-server/jobs.js');
const STATIC_DIR = path.resolve('dist');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `url` until it answers 200, or fails after `ms`. */
async function waitForOk(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${String(ms)} ms`);
    await sleep(100);
  }
}

export interface Instance {
  name: string;
  port: number;
  process: ChildProcess | undefined;
  /** Everything it wrote to standard output and error (for a failing test's message). */
  output: string[];
}

export interface Cluster {
  lbUrl: string;
  databaseUrl: string;
  instances: Instance[];
  env: Record<string, string>;
  db: pg.Pool;
  start: (instance: Instance) => Promise<void>;
  /** SIGTERM, and the exit code once it has gone. */
  stop: (instance: Instance) => Promise<number | null>;
  kill: (instance: Instance) => Promise<void>;
  /** Runs `dist-server/jobs.js <command>` beside the instances; resolves with its output. */
  runJobsCommand: (command: string) => Promise<string>;
  close: () => Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DATABASE_URL is not set (run under scripts/with-postgres.mjs)');
  const database = await createScratchDatabase(adminUrl, 'rpc_cluster');
  const databaseUrl = database.url;

  const lbPort = await freePort();
  const lbUrl = `http://127.0.0.1:${String(lbPort)}`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-cluster-'));
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    TOKEN_SECRET: crypto.randomBytes(32).toString('hex'),
    CSRF_SECRET: crypto.randomBytes(32).toString('hex'),
    FIELD_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    STATIC_DIR,
    PUBLIC_ORIGIN: lbUrl,
    TRUST_PROXY: '1',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_SECONDS: '1.5',
    SHUTDOWN_TIMEOUT_SECONDS: '5',
    // Every request comes from this one address; the per-account limit is the one under test.
    SIGNIN_LIMIT_PER_IP: '100000',
    SIGNIN_LIMIT_PER_IP_HOURLY: '100000',
  };
  const instances: Instance[] = [];
  for (const index of [1, 2, 3]) {
    instances.push({
      name: `app${String(index)}`,
      port: await freePort(),
      process: undefined,
      output: [],
    });
  }

  async function start(instance: Instance): Promise<void> {
    const child = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        ...env,
        PORT: String(instance.port),
        DATA_DIR: path.join(root, instance.name),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => instance.output.push(chunk.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    instance.process = child;
    await waitForOk(`http://127.0.0.1:${String(instance.port)}/rpc-api/health/ready`);
  }

  async function stop(instance: Instance): Promise<number | null> {
    const child = instance.process;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const code = await exited;
    instance.process = undefined;
    return code;
  }

  async function kill(instance: Instance): Promise<void> {
    const child = instance.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    instance.process = undefined;
  }

  // The first instance migrates and seeds; the others find both done.
  const [first, ...others] = instances;
  if (!first) throw new Error('no instance');
  await start(first);
  await Promise.all(others.map(start));

  const haproxy = spawn('haproxy', ['-db', '-f', path.resolve('deploy/haproxy.cfg')], {
    env: {
      ...process.env,
      LB_PORT: String(lbPort),
      APP1_PORT: String(instances[0]?.port),
      APP2_PORT: String(instances[1]?.port),
      APP3_PORT: String(instances[2]?.port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const haproxyOutput: string[] = [];
  haproxy.stdout.on('data', (chunk: Buffer) => haproxyOutput.push(chunk.toString()));
  haproxy.stderr.on('data', (chunk: Buffer) => haproxyOutput.push(chunk.toString()));
  await waitForOk(`${lbUrl}/rpc-api/health/ready`).catch((error: unknown) => {
    throw new Error(`HAProxy did not come up: ${haproxyOutput.join('')}`, { cause: error });
  });
  await waitForAll(lbUrl, instances.length);

  const db = new pg.Pool({ connectionString: databaseUrl, max: 3 });

  const runJobsCommand = (command: string) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [JOBS, command], {
        env: { ...process.env, ...env, DATA_DIR: path.join(root, 'jobs') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`jobs ${command}: ${output}`)),
      );
    });

  async function close(): Promise<void> {
    haproxy.kill('SIGTERM');
    await Promise.all(instances.map(kill));
    await db.end();
    await database.drop();
    fs.rmSync(root, { recursive: true, force: true });
  }

  return { lbUrl, databaseUrl, instances, env, db, start, stop, kill, runJobsCommand, close };
}

/** Waits until the balancer has sent requests to `count` different instances. */
export async function waitForAll(lbUrl: string, count: number, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  const seen = new Set<string>();
  while (seen.size < count) {
    if (Date.now() > until)
      throw new Error(`only ${[...seen].join(', ')} came up behind the balancer`);
    const response = await fetch(`${lbUrl}/rpc-api/health/live`).catch(() => undefined);
    const server = response?.headers.get('x-served-by');
    if (response?.ok && server) seen.add(server);
    await sleep(50);
  }
}

/** A browser-like client: a cookie jar, and the CSRF token echoed on state-changing calls. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method === 'POST' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(this.base + url, {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const key = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const isCleared =
        value === '' || attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (isCleared) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
    return response;
  }

  async signIn(username: string, password = 'Demo@1234'): Promise<Response> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.request('POST', '/rpc-api/csrf');
    return this.request('POST', '/rpc-api/reseller/user_signin', { username, password });
  }
}

export interface LoadReport {
  total: number;
  statuses: Record<string, number>;
  errors: string[];
}

/**
 * Steady load until `stop()` is called: `concurrency` loops, each sending `next()` requests one
 * after another. Every status and every connection error is counted.
 */
export function steadyLoad(
  concurrency: number,
  next: (index: number) => Promise<Response>,
): { stop: () => Promise<LoadReport> } {
  const report: LoadReport = { total: 0, statuses: {}, errors: [] };
  let running = true;
  let counter = 0;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      counter += 1;
      try {
        const response = await next(counter);
        await response.arrayBuffer();
        report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
      } catch (error) {
        report.errors.push(
          error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error),
        );
      }
      report.total += 1;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return report;
    },
  };
}
