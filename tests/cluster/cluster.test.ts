import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startCluster, steadyLoad, waitForAll, type Cluster } from './harness';

/*
 * Three built instances on one PostgreSQL behind HAProxy (deploy/haproxy.cfg), round robin.
 * scripts/test-all.mjs runs this suite after the build, under scripts/with-postgres.mjs, once
 * scripts/ensure-haproxy.mjs has found (or installed) HAProxy.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
}, 90_000);
afterAll(async () => {
  await cluster.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one user across three instances', () => {
  it('signs in on one instance and browses, refreshes and signs out across all three', async () => {
    const client = new Client(cluster.lbUrl);
    expect((await client.signIn('reseller@example.com')).status).toBe(200);
    const servedBy = new Set<string>();
    for (let index = 0; index < 6; index += 1) {
      const response = await client.request('GET', '/rpc-api/reseller/user_info');
      expect(response.status).toBe(200);
      servedBy.add(response.headers.get('x-served-by') ?? '');
    }
    expect(servedBy.size).toBe(3);
    for (let index = 0; index < 3; index += 1) {
      const refreshed = await client.request('POST', '/rpc-api/reseller/auth/v1/refresh-token');
      expect(refreshed.status).toBe(200);
      const after = await client.request('GET', '/rpc-api/reseller/user_info');
      expect(after.status).toBe(200);
    }
    const change = await client.request('POST', '/rpc-api/reseller/group/create', {
      name: `Across ${crypto.randomBytes(3).toString('hex')}`,
    });
    expect(change.status).toBe(200);
    await client.request('GET', '/rpc-api/reseller/logout');
    for (let index = 0; index < 3; index += 1) {
      expect((await client.request('GET', '/rpc-api/reseller/user_info')).status).toBe(401);
    }
  });

  it('limits a burst of sign-in guesses as one server would', async () => {
    const login = `guess-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 13; attempt += 1) {
      const client = new Client(cluster.lbUrl);
      statuses.push((await client.signIn(login, 'Wrong@1234')).status);
    }
    // SIGNIN_LIMIT_PER_ACCOUNT is 10 a minute, whichever instance counts the attempt.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429]);
  });
});

describe('the reseller API across instances', () => {
  it('an Idempotency-Key retried on every instance invites the user once', async () => {
    const client = new Client(cluster.lbUrl);
    expect((await client.signIn('reseller@example.com')).status).toBe(200);
    const generated = await client.request('POST', '/rpc-api/reseller/config/token/generate', {
      password: 'Demo@1234',
    });
    const apiKey =
      ((await generated.json()) as { message: { token: string }[] }).message[0]?.token ?? '';
    const email = `idem-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const key = crypto.randomUUID();
    const send = () =>
      fetch(`${cluster.lbUrl}/reseller-api/v1/users/invite`, {
        method: 'POST',
        headers: {
          'x-api-key': apiKey,
          'idempotency-key': key,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email, role: 'sub_user', allotedComputers: 0 }),
      });
    const first = await send();
    expect(first.status).toBe(200);
    const body = await first.text();
    const servedBy = new Set([first.headers.get('x-served-by') ?? '']);
    for (let index = 0; index < 5; index += 1) {
      const again = await send();
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.text()).toBe(body);
      servedBy.add(again.headers.get('x-served-by') ?? '');
    }
    expect(servedBy.size).toBe(3);
    const list = await fetch(
      `${cluster.lbUrl}/reseller-api/v1/users?q=${encodeURIComponent(email)}`,
      { headers: { 'x-api-key': apiKey } },
    );
    expect(((await list.json()) as { message: { total: number } }).message.total).toBe(1);
  });
});

describe('jobs started together on every instance', () => {
  it('charge each due renewal once, and the ledger matches the gateway', async () => {
    const { rows: due } = await cluster.db.query<{ id: string }>(
      `select a.id from reseller_accounts a join billing_accounts b on b.account_id = a.id
        where b.auto_renew = 1 and b.plan_id is not null and b.card_token like 'sbx_ok_%'
          and a.subscription_type = 'PAID' and a.account_status = 'A'
        order by a.id limit 3`,
    );
    expect(due.length).toBeGreaterThan(0);
    const ids = due.map((row) => row.id);
    // Ended yesterday: one renewal (a month or a year) brings each into the future again.
    const ended = new Date(Date.now() - 86_400_000).toISOString();
    await cluster.db.query(`update reseller_accounts set end_date = $2 where id = any($1)`, [
      ids,
      ended,
    ]);
    // This hour's runs were made at start-up: forget them, so every runner below competes.
    await cluster.db.query('delete from job_runs');
    const outputs = await Promise.all([
      cluster.runJobsCommand('hourly'),
      cluster.runJobsCommand('hourly'),
      cluster.runJobsCommand('hourly'),
      cluster.runJobsCommand('renew'),
      cluster.runJobsCommand('renew'),
      cluster.runJobsCommand('renew'),
    ]);
    expect(outputs.join('\n')).not.toMatch(/"failed"|job failed|error/i);

    const { rows: runs } = await cluster.db.query<{ job: string; count: string }>(
      'select job, count(*) as count from job_runs group by job',
    );
    expect(runs.every((run) => run.count === '1')).toBe(true);
    for (const id of ids) {
      const invoices = await cluster.db.query(
        `select id from invoices where account_id = $1 and idempotency_key = $2`,
        [id, `renew:${id}:${ended}`],
      );
      expect(invoices.rowCount, id).toBe(1);
      const charges = await cluster.db.query(
        `select idempotency_key from sandbox_gateway_operations
          where kind = 'charge' and ok = 1 and idempotency_key like $1`,
        [`renew:${id}:${ended}%`],
      );
      expect(charges.rowCount, id).toBe(1);
      const ledger = await cluster.db.query(
        `select status from payment_attempts where purpose = 'renewal' and account_id = $1
           and idempotency_key like $2`,
        [id, `renew:${id}:${ended}%`],
      );
      expect(ledger.rows, id).toEqual([{ status: 'recorded' }]);
      const renewals = await cluster.db.query(
        `select id from invoices where account_id = $1 and kind = 'renewal' and issued_at > $2`,
        [id, ended],
      );
      expect(renewals.rowCount, id).toBe(1);
    }
  });
});

describe('restarts and failures under load', () => {
  it('a rolling restart of every instance costs the client nothing', async () => {
    const client = new Client(cluster.lbUrl);
    expect((await client.signIn('reseller@example.com')).status).toBe(200);
    const load = steadyLoad(6, (index) =>
      index % 3 === 0
        ? fetch(`${cluster.lbUrl}/rpc-api/config`)
        : client.request('GET', '/rpc-api/reseller/user_info'),
    );
    await sleep(500);
    for (const instance of cluster.instances) {
      const code = await cluster.stop(instance);
      expect(code, `${instance.name} exit code\n${instance.output.join('')}`).toBe(0);
      await cluster.start(instance);
      // The balancer sees it healthy after two checks.
      await sleep(1000);
    }
    const report = await load.stop();
    expect(report.errors).toEqual([]);
    expect(Object.keys(report.statuses)).toEqual(['200']);
    expect(report.total).toBeGreaterThan(100);
  }, 120_000);

  it('SIGKILL of one instance mid-load loses no committed write, and the others keep serving', async () => {
    const client = new Client(cluster.lbUrl);
    expect((await client.signIn('reseller@example.com')).status).toBe(200);
    const answered: string[] = [];
    let killedAt = Number.POSITIVE_INFINITY;
    const lateFailures: string[] = [];
    const load = steadyLoad(4, async (index) => {
      const name = `Load ${String(index)} ${crypto.randomBytes(3).toString('hex')}`;
      const sentAt = Date.now();
      const response = await client.request('POST', '/rpc-api/reseller/group/create', { name });
      if (response.status === 200) answered.push(name);
      else if (sentAt > killedAt + 2000) lateFailures.push(`${String(response.status)} ${name}`);
      return response;
    });
    await sleep(1500);
    const victim = cluster.instances[1];
    if (!victim) throw new Error('no second instance');
    await cluster.kill(victim);
    killedAt = Date.now();
    await sleep(4000);
    const report = await load.stop();
    expect(answered.length).toBeGreaterThan(20);
    expect(lateFailures).toEqual([]);
    const { rows } = await cluster.db.query<{ name: string }>(
      'select name from computer_groups where name = any($1)',
      [answered],
    );
    expect(new Set(rows.map((row) => row.name))).toEqual(new Set(answered));
    expect(report.total).toBeGreaterThan(answered.length - 1);
    // It comes back and takes its share again.
    await cluster.start(victim);
    await waitForAll(cluster.lbUrl, 3);
  }, 60_000);
});

describe('shutdown', () => {
  it('SIGTERM with a request stuck in flight still exits 0 by SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const instance = cluster.instances[2];
    if (!instance) throw new Error('no third instance');
    // A request whose body never finishes: without a deadline it would hold the process.
    const socket = net.connect(instance.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /rpc-api/csrf HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nabc',
    );
    socket.on('error', () => undefined);
    await sleep(200);
    const started = Date.now();
    const code = await cluster.stop(instance);
    const seconds = (Date.now() - started) / 1000;
    expect(code).toBe(0);
    // SHUTDOWN_DRAIN_SECONDS (1.5) + SHUTDOWN_TIMEOUT_SECONDS (5), and a little for the exit.
    expect(seconds).toBeLessThan(9);
    socket.destroy();
    await cluster.start(instance);
    await waitForAll(cluster.lbUrl, 3);
  });
});
