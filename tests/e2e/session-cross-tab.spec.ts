import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInAsReseller, test } from './fixtures';

/*
 * Session rules of spec section 4 against the real server with a short access-token lifetime.
 * This file starts its own server (same build, its own database and port) with
 * ACCESS_TOKEN_TTL_SECONDS=6, so the rest of the browser suite keeps the normal lifetime and
 * pays nothing for these waits. The port is E2E_SESSION_PORT, or E2E_PORT + 1000.
 */
const ACCESS_TTL_SECONDS = 6;
const port = process.env.E2E_SESSION_PORT ?? String(Number(process.env.E2E_PORT ?? '8090') + 1000);
const origin = `http://127.0.0.1:${port}`;
const buildDir = process.env.BUILD_DIR ?? '.';
const dataDir = mkdtempSync(join(tmpdir(), 'rpc-e2e-session-'));
const serverEnv = {
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  STATIC_DIR: join(buildDir, 'dist'),
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: origin,
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
  SIGNIN_LIMIT_PER_IP: '10000',
  SIGNIN_LIMIT_PER_ACCOUNT: '10000',
  ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
};
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = spawn(process.execPath, [join(buildDir, 'dist-server', 'main.js')], {
    env: serverEnv,
    stdio: 'inherit',
  });
  const deadline = Date.now() + 50_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/rpc-api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the session test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

const FLAG = 'IS_SIGNED_IN_RPC_BULK_RESELLER';
const loginUrl = /\/rpc-app\/reseller\/login$/;

async function expectHome(page: Page) {
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Bulk Reseller');
}

test.describe('Token refresh across tabs', () => {
  test('two tabs outlive the access token with exactly one refresh between them', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const refreshes: string[] = [];
    const userInfoAnswers: number[] = [];
    // When the newest access token was issued: sign-in, or a refresh the setup itself needed (on
    // a loaded machine, opening the second tab can take longer than the 6 s lifetime).
    let tokenIssuedAt = Date.now();
    const watch = (tab: Page) => {
      tab.on('request', (request) => {
        if (request.url().includes('/auth/v1/refresh-token')) refreshes.push(request.url());
      });
      tab.on('response', (response) => {
        if (response.url().includes('/auth/v1/refresh-token')) tokenIssuedAt = Date.now();
        if (response.url().includes('/reseller/user_info')) userInfoAnswers.push(response.status());
      });
    };
    watch(page);
    await signInAsReseller(page);
    tokenIssuedAt = Date.now();
    const second = await context.newPage();
    watch(second);
    await second.goto('/rpc-app/home');
    await expectHome(page);
    await expectHome(second);

    // Let the newest access token expire, then both tabs ask the server at the same moment.
    await expect
      .poll(() => Date.now() - tokenIssuedAt, { timeout: 30_000 })
      .toBeGreaterThan((ACCESS_TTL_SECONDS + 1) * 1000);
    refreshes.length = 0;
    userInfoAnswers.length = 0;
    // The offline layer keeps user_info across reloads (30 s fresh): drop that copy so the
    // reloads really ask the server.
    await page.evaluate(() => {
      localStorage.removeItem('rpc_query_cache');
    });
    await Promise.all([page.reload(), second.reload()]);
    await expectHome(page);
    await expectHome(second);
    await expect(page).toHaveURL(/\/rpc-app\/home$/);
    await expect(second).toHaveURL(/\/rpc-app\/home$/);

    expect(refreshes).toHaveLength(1);
    expect(userInfoAnswers).toContain(401); // the token really had expired
    const record = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('rsrt_'))
        .map((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>),
    );
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ inprogress: false, status: 'success' });
    expect(Object.keys(record[0] ?? {}).sort()).toEqual([
      'inprogress',
      'interval',
      'lastUpdated',
      'status',
    ]);
    await second.close();
  });
});

test.describe('Logout across tabs', () => {
  test('logging out in one tab sends the other to the login page within a second', async ({
    page,
    context,
  }) => {
    await signInAsReseller(page);
    const second = await context.newPage();
    await second.goto('/rpc-app/home');
    await expectHome(second);

    // When this tab leaves for the server's logout page, and when the other reaches the login.
    let loggedOutAt = 0;
    let otherLeftAt = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rpc-api/reseller/logout')) loggedOutAt ||= Date.now();
    });
    second.on('framenavigated', (frame) => {
      if (frame === second.mainFrame() && loginUrl.test(frame.url())) otherLeftAt ||= Date.now();
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    // The second is measured from the logout request below; the click before it (menu, logout
    // steps) is not part of it, so waiting for the URL gets the usual timeout.
    await expect(second).toHaveURL(loginUrl);
    expect(loggedOutAt).toBeGreaterThan(0);
    expect(otherLeftAt - loggedOutAt).toBeLessThan(1000);
    await expect(page).toHaveURL(loginUrl);
    expect(await second.evaluate((flag) => localStorage.getItem(flag), FLAG)).toBeNull();
    await second.close();
  });

  test('removing the signed-in flag by hand logs out within 5 seconds', async ({ page }) => {
    // The page's clock is Playwright's: the 5 seconds are counted on it, not on a loaded machine.
    await page.clock.install();
    await signInAsReseller(page);
    await expectHome(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const logoutRequest = page.waitForRequest(/\/rpc-api\/reseller\/logout/);
    await page.evaluate((flag) => {
      localStorage.removeItem(flag);
    }, FLAG);
    await page.clock.runFor(5000);
    await logoutRequest;
    await page.clock.resume();
    await expect(page).toHaveURL(loginUrl);
    // The server ended the session too.
    const status = await page.evaluate(
      async () => (await fetch('/rpc-api/reseller/user_info', { credentials: 'include' })).status,
    );
    expect(status).toBe(401);
  });
});

test.describe('Support-OTP session', () => {
  test('a support agent signed in with a one-time code cannot call a disabled URL', async ({
    page,
  }) => {
    const issued = spawnSync(
      'npx',
      ['tsx', 'server/cli/support.ts', 'otp', 'reseller@example.com'],
      {
        env: serverEnv,
        encoding: 'utf8',
      },
    );
    const code = /: (\d{8})/.exec(issued.stdout)?.[1];
    expect(code, issued.stderr).toBeDefined();

    await page.goto('/rpc-app/reseller/login');
    // The first render waits for the CSRF call (spec section 1): once the form shows, the
    // XSRF-TOKEN cookie is there to read. Reading it right after "load" raced that call.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const signedIn = await page.evaluate(async (otp) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const response = await fetch('/rpc-api/reseller/support/otp_signin', {
        method: 'POST',
        credentials: 'include',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-XSRF-TOKEN': token,
        },
        body: new URLSearchParams({ username: 'reseller@example.com', otp: otp ?? '' }),
      });
      localStorage.setItem('IS_SIGNED_IN_RPC_BULK_RESELLER', 'true');
      localStorage.setItem('product_type', 'reseller');
      return response.status;
    }, code);
    expect(signedIn).toBe(200);

    const disabledListRead = page.waitForResponse(/\/api\/private\/support\/otp\/disabledUrls/);
    await page.goto('/rpc-app/home');
    await expectHome(page);
    const list = (await (await disabledListRead).json()) as { message: string[] };
    expect(list.message).toContain('/reseller/account/change/password');

    // The console refuses the API key call itself: the dialog reports it, nothing is sent.
    const disabledCalls: string[] = [];
    page.on('request', (request) => {
      // The key's calls (generate, update); the tab's read of the key's dates is not one of them.
      if (/\/reseller\/config\/token\/(generate|update)/.test(request.url())) {
        disabledCalls.push(request.url());
      }
    });
    await page.goto('/rpc-app/account/rpc-api');
    await page.getByRole('button', { name: 'View', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await dialog.getByRole('button', { name: 'View', exact: true }).click();
    await expect(page.getByText('You do not have permission to perform this action')).toBeVisible();
    expect(disabledCalls).toEqual([]);

    // The server refuses the disabled call too (defence in depth).
    const refused = await page.evaluate(async () => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const response = await fetch('/rpc-api/reseller/config/token/generate', {
        method: 'POST',
        credentials: 'include',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-XSRF-TOKEN': token,
        },
        body: new URLSearchParams({ password: 'Demo@1234' }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { errors: { message: string }[] },
      };
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]?.message).toBe(
      'You do not have permission to perform this action',
    );
  });
});
