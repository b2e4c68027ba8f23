import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { requireSession } from '../../server/plugins/auth';
import { createMailer } from '../../server/services/mail';
import { loadSecrets } from '../../server/services/secrets';
import { createSessionService } from '../../server/services/sessions';
import { isDisabledForSupport, issueSupportOtp } from '../../server/services/support-otp';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function supportAgent(login = 'reseller@example.com') {
  const { code } = await issueSupportOtp(t.db, login);
  const agent = new Agent(t.app);
  await agent.csrf();
  const response = await agent.post('/rpc-api/reseller/support/otp_signin', {
    username: login,
    otp: code,
  });
  return { agent, response, code };
}

describe('support OTP sign-in', () => {
  it('signs a support agent in as the user with otpLogin true and the disabled list', async () => {
    const { agent, response } = await supportAgent();
    expect(response.statusCode).toBe(200);
    const info = (await agent.get('/rpc-api/reseller/user_info')).json<{
      message: { otpLogin: boolean; supportDisableUrls: string[] };
    }>();
    expect(info.message.otpLogin).toBe(true);
    expect(info.message.supportDisableUrls).toContain('/reseller/config/token/generate');
    const list = await agent.get('/rpc-api/api/private/support/otp/disabledUrls');
    expect(list.json<{ message: string[] }>().message).toEqual(info.message.supportDisableUrls);
  });

  it('records the sign-in in the activity log', async () => {
    await supportAgent();
    const rows = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'support.otp.%')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['support.otp.issued', 'support.otp.signin']),
    );
  });

  it('accepts a code once only', async () => {
    const { code } = await supportAgent();
    const again = new Agent(t.app);
    await again.csrf();
    const response = await again.post('/rpc-api/reseller/support/otp_signin', {
      username: 'reseller@example.com',
      otp: code,
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.message).toBe('Entered OTP has expired or is incorrect');
  });

  it('refuses a code issued for another user', async () => {
    const { code } = await issueSupportOtp(t.db, 'subuser@example.com');
    const agent = new Agent(t.app);
    await agent.csrf();
    const response = await agent.post('/rpc-api/reseller/support/otp_signin', {
      username: 'reseller@example.com',
      otp: code,
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a malformed code with VALIDATION_FAILED', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const response = await agent.post('/rpc-api/reseller/support/otp_signin', {
      username: 'reseller@example.com',
      otp: '12ab',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ description: 'VALIDATION_FAILED', field: 'otp' });
  });

  it('refuses the disabled list to anonymous callers', async () => {
    const response = await t.app.inject({ url: '/rpc-api/api/private/support/otp/disabledUrls' });
    expect(response.statusCode).toBe(401);
  });

  it('the server itself refuses a disabled URL to a support session, not to the owner', async () => {
    const secrets = loadSecrets(t.config);
    const sessions = createSessionService(t.db, {
      tokenSecret: secrets.token,
      accessTtlSeconds: 600,
      refreshTtlDays: 1,
      reuseGraceSeconds: 5,
    });
    const ctx = {
      config: t.config,
      db: t.db,
      dialect: t.dialect,
      secrets,
      sessions,
      mailer: createMailer(t.config),
    } satisfies AppContext;
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'reseller@example.com')
      .executeTakeFirstOrThrow();
    const guard = requireSession(ctx, 'reseller');
    const call = async (otp: boolean) => {
      const pair = await sessions.start(
        'reseller',
        user.id,
        { ip: '127.0.0.1', userAgent: 'test' },
        otp,
      );
      const request = {
        url: '/rpc-api/reseller/config/token/generate',
        cookies: { rsr_at: pair.accessToken },
      };
      return guard(request as unknown as FastifyRequest);
    };
    await expect(call(true)).rejects.toMatchObject({
      statusCode: 403,
      message: 'You do not have permission to perform this action',
    });
    await expect(call(false)).resolves.toBeUndefined();
    expect(isDisabledForSupport('/reseller/user/get')).toBe(false);
  });
});

describe('mail outbox', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox when no SMTP server is set', async () => {
    const mailer = createMailer(t.config);
    await mailer.send({ to: 'someone@example.com', subject: 'Hello there', text: 'Body text' });
    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const content = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(content).toContain('To: someone@example.com');
    expect(content).toContain('Subject: Hello there');
  });
});
