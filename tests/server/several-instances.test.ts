import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { nowIso } from '../../server/services/clock';
import { resealFields } from '../../server/services/cluster/reseal';
import { runOncePerSlot, STALE_RUN_MS } from '../../server/services/cluster/job-runs';
import { hourlyJobs, runHourlyJobs } from '../../server/services/hourly-jobs';
import { createMailer } from '../../server/services/mail';
import { createSandboxGateway } from '../../server/services/payments/sandbox';
import { loadSecrets } from '../../server/services/secrets';
import { mailsTo } from './helpers/outbox';
import { Agent } from './helpers/agent';
import { createSiblingApp, createTestApp, freshKeys, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueLogin = () => `nobody-${crypto.randomBytes(5).toString('hex')}@example.com`;

describe('shared keys', () => {
  it('refuses to start on PostgreSQL without the keys, naming each missing variable', () => {
    const config = loadConfig({
      DATA_DIR: os.tmpdir(),
      DATABASE_URL: 'postgres://127.0.0.1:5432/none',
      TOKEN_SECRET: 'x'.repeat(32),
    });
    expect(() => loadSecrets(config)).toThrow(
      /Missing configuration: CSRF_SECRET, FIELD_ENCRYPTION_KEY\. With DATABASE_URL every instance must share the same keys/,
    );
  });

  it('reads a key from the file <NAME>_FILE names, and refuses both at once', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-keys-'));
    const file = path.join(dir, 'token');
    fs.writeFileSync(file, `${'k'.repeat(40)}\n`);
    const config = loadConfig({ DATA_DIR: dir, TOKEN_SECRET_FILE: file });
    expect(config.secrets.token).toBe('k'.repeat(40));
    expect(() => loadConfig({ TOKEN_SECRET_FILE: file, TOKEN_SECRET: 'k'.repeat(40) })).toThrow(
      'TOKEN_SECRET and TOKEN_SECRET_FILE are both set',
    );
    expect(() => loadConfig({ CSRF_SECRET_FILE: path.join(dir, 'missing') })).toThrow(
      /CSRF_SECRET_FILE: cannot read/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an instance with another key than its siblings refuses to start, naming the variable', async () => {
    const other = freshKeys();
    await expect(createSiblingApp(t, { TOKEN_SECRET: other.TOKEN_SECRET })).rejects.toThrow(
      /TOKEN_SECRET does not match the key the other instances of this database use/,
    );
    await expect(
      createSiblingApp(t, { FIELD_ENCRYPTION_KEY: other.FIELD_ENCRYPTION_KEY }),
    ).rejects.toThrow(/FIELD_ENCRYPTION_KEY does not match/);
  });

  it('rotates every key without signing anyone out, and refuses the retired key afterwards', async () => {
    // A database of its own: the rotation retires the keys the other tests' instances hold.
    const own = await createTestApp();
    const old = loadSecrets(own.config);
    const agent = new Agent(own.app);
    expect((await agent.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    const created = await agent.post('/rpc-api/reseller/config/token/generate', {
      password: 'Demo@1234',
    });
    expect(created.statusCode).toBe(200);
    const apiKey = created.json<{ message: { token: string }[] }>().message[0]?.token ?? '';

    const next = freshKeys();
    const rotatedEnv = {
      ...next,
      TOKEN_SECRET_PREVIOUS: old.token.current,
      CSRF_SECRET_PREVIOUS: old.csrf.current,
      FIELD_ENCRYPTION_KEY_PREVIOUS: old.fieldKey.current.toString('hex'),
    };
    const rotated = await createSiblingApp(own, rotatedEnv);
    const rotatedConfig = loadConfig({ DATA_DIR: own.config.dataDir, ...rotatedEnv });
    try {
      // The session, its CSRF token and the sealed API key made under the old keys still work.
      const onNew = new Agent(rotated.app);
      for (const [name, value] of agent.cookies) onNew.cookies.set(name, value);
      expect((await onNew.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);
      const change = await onNew.post('/rpc-api/reseller/autorenewal/updateRenewDetails', {
        renewTerm: 'year',
      });
      expect(change.statusCode).toBe(200);
      const byKey = await rotated.app.inject({
        url: '/reseller-api/v1/account',
        headers: { 'x-api-key': apiKey },
      });
      expect(byKey.statusCode).toBe(200);
      // New sessions are made with the new key.
      const fresh = new Agent(rotated.app);
      expect((await fresh.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
      expect((await fresh.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);

      // The last step: every field sealed with the old key is sealed again with the new one, and
      // an instance given the new keys alone reads them.
      const report = await resealFields(own.db, loadSecrets(rotatedConfig).fieldKey);
      expect(report).toEqual({ resealed: expect.any(Number) as number, unreadable: 0 });
      expect(report.resealed).toBeGreaterThan(0);
      expect((await resealFields(own.db, loadSecrets(rotatedConfig).fieldKey)).resealed).toBe(0);
      const newOnly = await createSiblingApp(own, next);
      try {
        const readable = await newOnly.app.inject({
          url: '/reseller-api/v1/account',
          headers: { 'x-api-key': apiKey },
        });
        expect(readable.statusCode).toBe(200);
      } finally {
        await newOnly.close();
      }

      // An instance restarted with the old keys only is refused: they are retired.
      await expect(createSiblingApp(own)).rejects.toThrow(
        /TOKEN_SECRET holds a key that was replaced/,
      );
    } finally {
      await rotated.close();
      await own.close();
    }
  });
});

describe('rate limits', () => {
  it('count across instances on PostgreSQL and Redis', async () => {
    // On SQLite the limits count in the one process's memory: one process is the deployment.
    const stores: Record<string, string>[] = [{ REDIS_URL: 'redis://127.0.0.1:6379' }];
    if (t.dialect === 'postgres') stores.unshift({});
    for (const env of stores) {
      const [first, second] = [
        await createSiblingApp(t, { SIGNIN_LIMIT_PER_ACCOUNT: '4', ...env }),
        await createSiblingApp(t, { SIGNIN_LIMIT_PER_ACCOUNT: '4', ...env }),
      ];
      try {
        const login = uniqueLogin();
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 6; attempt += 1) {
          const agent = new Agent(attempt % 2 === 0 ? first.app : second.app);
          statuses.push((await agent.signIn('reseller', login, 'Wrong@1234')).statusCode);
        }
        expect(statuses, JSON.stringify(env)).toEqual([401, 401, 401, 401, 429, 429]);
      } finally {
        await first.close();
        await second.close();
      }
    }
  });
});

describe('readiness and request ids', () => {
  it('live answers 200; ready answers 200 until the instance drains, then 503', async () => {
    const live = await t.app.inject({ url: '/rpc-api/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/rpc-api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json<{ message: unknown }>().message).toEqual({
      database: 'reachable',
      migrations: 'current',
      draining: false,
    });
    const sibling = await createSiblingApp(t);
    try {
      sibling.app.lifecycle.draining = true;
      const draining = await sibling.app.inject({ url: '/rpc-api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.headers.connection).toBe('close');
      // It still serves while the balancer moves traffic away.
      expect((await sibling.app.inject({ url: '/rpc-api/config' })).statusCode).toBe(200);
    } finally {
      await sibling.close();
    }
  });

  it('keeps a plain X-Request-Id from the balancer and replaces anything else', async () => {
    const kept = await t.app.inject({
      url: '/rpc-api/health/live',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await t.app.inject({
      url: '/rpc-api/health/live',
      headers: { 'x-request-id': 'evil\nline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves Prometheus metrics only with METRICS_TOKEN', async () => {
    expect((await t.app.inject({ url: '/rpc-api/metrics' })).statusCode).toBe(404);
    const token = crypto.randomBytes(16).toString('hex');
    const sibling = await createSiblingApp(t, { METRICS_TOKEN: token });
    try {
      await sibling.app.inject({ url: '/rpc-api/config' });
      await sibling.app.inject({ url: '/rpc-api/config' });
      await sibling.app.inject({ url: '/rpc-api/no-such-call' });
      const wrong = await sibling.app.inject({
        url: '/rpc-api/metrics',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.statusCode).toBe(404);
      const metrics = await sibling.app.inject({
        url: '/rpc-api/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('http_request_duration_seconds');
      // Each answer counted once under its route and status; no route, no series.
      expect(metrics.body).toContain(
        'http_request_duration_seconds_count{method="GET",route="/rpc-api/config",status_code="200"} 2',
      );
      expect(metrics.body).not.toContain('no-such-call');
      expect(metrics.body).not.toContain('route="/rpc-api/metrics"');
      expect(metrics.body).toContain('rpc_job_runs_total');
      expect(metrics.body).toContain('rpc_rate_limit_refusals_total');
    } finally {
      await sibling.close();
    }
  });
});

describe('refresh at the same moment', () => {
  it('gives both callers a working session when one token is presented twice at once', async () => {
    const agent = new Agent(t.app);
    expect((await agent.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    const sibling = await createSiblingApp(t);
    try {
      const tabs = [agent, new Agent(sibling.app)];
      for (const [name, value] of agent.cookies) tabs[1]?.cookies.set(name, value);
      const answers = await Promise.all(
        tabs.map((tab) => tab.post('/rpc-api/reseller/auth/v1/refresh-token')),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      for (const tab of tabs) {
        expect((await tab.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);
      }
    } finally {
      await sibling.close();
    }
  });
});

describe('work every instance shares', () => {
  it('runs each hourly job once per slot, however many instances start it at once', async () => {
    const slot = `test-${crypto.randomBytes(4).toString('hex')}`;
    const quiet = { info: () => undefined, error: () => undefined };
    const sibling = await createSiblingApp(t);
    try {
      const outcomes = await Promise.all([
        runHourlyJobs(quiet, t.db, slot),
        runHourlyJobs(quiet, t.db, slot),
        runHourlyJobs(quiet, t.db, slot),
      ]);
      for (const job of Object.keys(hourlyJobs)) {
        const ran = outcomes.filter((outcome) => outcome[job] === 'ran');
        expect(ran, job).toHaveLength(1);
      }
      const rows = await t.db.selectFrom('job_runs').selectAll().where('slot', '=', slot).execute();
      expect(rows).toHaveLength(Object.keys(hourlyJobs).length);
      expect(rows.every((row) => row.finished_at !== null && row.outcome?.startsWith('ran'))).toBe(
        true,
      );
    } finally {
      await sibling.close();
    }
  });

  it('takes over a run its instance left unfinished long ago, once', async () => {
    const slot = `test-${crypto.randomBytes(4).toString('hex')}`;
    const started = new Date(Date.now() - STALE_RUN_MS - 60_000).toISOString();
    await t.db
      .insertInto('job_runs')
      .values({
        job: 'sweep',
        slot,
        instance: 'dead',
        started_at: started,
        finished_at: null,
        outcome: null,
      })
      .execute();
    const work = () => Promise.resolve('done');
    const outcomes = await Promise.all([
      runOncePerSlot(t.db, 'sweep', slot, work),
      runOncePerSlot(t.db, 'sweep', slot, work),
    ]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['ran', 'skipped']);
    // A run that is merely slow (started a moment ago) is left alone.
    const fresh = `test-${crypto.randomBytes(4).toString('hex')}`;
    await t.db
      .insertInto('job_runs')
      .values({
        job: 'sweep',
        slot: fresh,
        instance: 'busy',
        started_at: nowIso(),
        finished_at: null,
        outcome: null,
      })
      .execute();
    expect((await runOncePerSlot(t.db, 'sweep', fresh, work)).outcome).toBe('skipped');
  });

  it('the sandbox gateway gives one answer per key, whichever instance asks', async () => {
    const [one, two] = [createSandboxGateway(t.db), createSandboxGateway(t.db)];
    const request = {
      token: 'sbx_ok_shared',
      amountMinor: 1234,
      currency: 'USD',
      description: 'shared',
      idempotencyKey: `shared:${crypto.randomUUID()}`,
    };
    const answers = await Promise.all([one.charge(request), two.charge(request)]);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].ok).toBe(true);
    expect(await two.findCharge(request.idempotencyKey)).toEqual(answers[0]);
    const refunds = await Promise.all([one.refund(request), two.refund(request)]);
    expect(refunds[0]).toEqual(refunds[1]);
    const rows = await t.db
      .selectFrom('sandbox_gateway_operations')
      .select('kind')
      .where('idempotency_key', 'like', `%${request.idempotencyKey}`)
      .execute();
    expect(rows.map((row) => row.kind).sort()).toEqual(['charge', 'refund']);
  });

  it('mail waits in the database outbox and is delivered once by whichever instance claims it', async () => {
    const to = `outbox-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await t.db
      .insertInto('mail_outbox')
      .values({
        id: crypto.randomUUID(),
        recipient: to,
        subject: 'Left by a stopped instance',
        body_text: 'Hello',
        body_html: null,
        created_at: nowIso(),
        next_attempt_at: nowIso(),
        claimed_until: null,
        sent_at: null,
        last_error: null,
      })
      .execute();
    const first = createMailer(t.config, t.db);
    const mailers = [first, createMailer(t.config, t.db)];
    const delivered = await Promise.all(mailers.map((mailer) => mailer.deliverDue()));
    expect(delivered.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(mailsTo(t.config.dataDir, to)).toHaveLength(1);
    const row = await t.db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'attempts'])
      .where('recipient', '=', to)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);
    // Delivered mail is never picked up again.
    expect(await first.deliverDue()).toBe(0);
    expect(mailsTo(t.config.dataDir, to)).toHaveLength(1);
  });

  it('a delivery that fails stays in the outbox for a later try, and the caller is not failed', async () => {
    const broken = loadConfig({
      DATA_DIR: t.config.dataDir,
      SMTP_URL: 'smtp://127.0.0.1:1',
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    });
    const to = `retry-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await createMailer(broken, t.db).send({ to, subject: 'Retry me', text: 'Hello' });
    const row = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', to)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.last_error).not.toBeNull();
    expect(row.next_attempt_at > row.created_at).toBe(true);
  });
});
