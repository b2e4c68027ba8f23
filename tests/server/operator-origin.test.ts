import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openForOperator, publishPublicOrigin } from '../../server/services/server-settings';
import { mailsTo } from './helpers/outbox';
import { createTestApp, type TestApp } from './helpers/test-app';

const run = promisify(execFile);
const ORIGIN = 'https://console.example.test:9443';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN, PORT: '9443' });
  // What server/main.ts does once its database is migrated.
  await publishPublicOrigin(t.db, t.config.publicOrigin);
});
afterAll(() => t.close());

/**
 * An operator's shell: the same database, but none of the server's PORT or PUBLIC_ORIGIN (what
 * made `npm run admin` mail links to http://localhost:8080/partner/).
 */
function operatorEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: t.config.dataDir,
    LOG_LEVEL: 'silent',
  };
  delete env.PUBLIC_ORIGIN;
  delete env.PORT;
  delete env.DATABASE_URL;
  if (t.config.databaseUrl) {
    Object.assign(env, {
      DATABASE_URL: t.config.databaseUrl,
      TOKEN_SECRET: t.config.secrets.token,
      CSRF_SECRET: t.config.secrets.csrf,
      FIELD_ENCRYPTION_KEY: t.config.secrets.fieldKey,
    });
  }
  return { ...env, ...extra };
}

describe('operator commands use the server’s public origin', () => {
  it('npm run admin mails the partner a link to the server’s own address', async () => {
    const { stdout } = await run(
      'npx',
      ['tsx', 'server/cli/admin.ts', 'partner', 'approve', 'newpartner'],
      { env: operatorEnv() },
    );
    expect(stdout).toContain('approved');
    const mail = mailsTo(t.config.dataDir, 'newpartner@example.com').at(-1) ?? '';
    expect(mail).toContain(`${ORIGIN}/partner/`);
    expect(mail).not.toContain('localhost');
  });

  it('npm run support prints the sign-in address of the server', async () => {
    const { stdout } = await run(
      'npx',
      ['tsx', 'server/cli/support.ts', 'otp', 'reseller@example.com'],
      { env: operatorEnv() },
    );
    expect(stdout).toContain(`Sign in at ${ORIGIN}/rpc-app/reseller/login (Support sign-in).`);
    // The one date format, in UTC and saying so.
    expect(stdout).toMatch(/Valid until [A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2} [ap]m UTC\./);
  });

  it('PUBLIC_ORIGIN given to a command wins over the published one', async () => {
    const own = await openForOperator(operatorEnv({ PUBLIC_ORIGIN: 'https://ops.example.test' }));
    await own.database.close();
    expect(own.config.publicOrigin).toBe('https://ops.example.test');
    const published = await openForOperator(operatorEnv());
    await published.database.close();
    expect(published.config.publicOrigin).toBe(ORIGIN);
    expect(published.config.mailFrom).toBe('RemotePC <no-reply@console.example.test>');
  });
});
