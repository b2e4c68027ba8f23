import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';

/*
 * Durability (issue 10): the real server process is killed with SIGKILL in the middle of a
 * 500-row CSV import. Whatever moment the kill lands on, the database holds all the rows or
 * none of them. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const ROWS = 500;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-durability-'));
const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `rpc_kill_${crypto.randomBytes(5).toString('hex')}`;
const databaseUrl = adminUrl
  ? Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString()
  : undefined;

let server: ChildProcess | undefined;
let origin = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

async function startServer(): Promise<ChildProcess> {
  const port = await freePort();
  origin = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'silent',
      PUBLIC_ORIGIN: origin,
      STATIC_DIR: path.join(dataDir, 'no-build'),
    },
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${origin}/rpc-api/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** A minimal cookie-keeping client over fetch, echoing the CSRF token like the console. */
function client() {
  const jar = new Map<string, string>();
  return async (url: string, form: Record<string, string>) => {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    const xsrf = jar.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };
}

beforeAll(async () => {
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
  }
  server = await startServer();
}, 60_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL during a CSV import', () => {
  it('leaves all of the rows or none of them', async () => {
    const post = client();
    expect((await post('/rpc-api/csrf', {})).ok).toBe(true);
    const signIn = await post('/rpc-api/reseller/user_signin', {
      username: 'reseller@example.com',
      password: 'Demo@1234',
    });
    expect(signIn.status).toBe(200);
    const csvOf = (prefix: string) =>
      [
        'email,first_name,last_name,allotted_computers',
        ...Array.from(
          { length: ROWS },
          (_, i) => `${prefix}${String(i)}@bulk.example.com,Bulk,User,0`,
        ),
      ].join('\n');
    // Several imports at once, so the kill finds some finished, some under way, some not begun.
    const prefixes = ['killa', 'killb', 'killc', 'killd'];
    const imports = prefixes.map((prefix) =>
      post('/rpc-api/reseller/user/invite/csv', { csv: csvOf(prefix) }).catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server?.kill('SIGKILL');
    await exited;
    await Promise.all(imports);

    const database = openDatabase({ databaseUrl, dataDir });
    try {
      for (const prefix of prefixes) {
        const row = await database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('email', 'like', `${prefix}%@bulk.example.com`)
          .executeTakeFirstOrThrow();
        expect([0, ROWS], `rows of ${prefix} after the kill`).toContain(Number(row.n));
      }
    } finally {
      await database.close();
    }
  }, 60_000);
});
