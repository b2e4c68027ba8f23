import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, signInAsReseller, test, waitForActivatedWorker } from './fixtures';

// The service worker is part of what this file tests (see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The built service worker the e2e server sends (see scripts/e2e-server.mjs). */
const workerFile = join(process.env.BUILD_DIR ?? '.', 'dist', 'sw.js');

test('the manifest passes the browser installability checks', async ({ page, context }) => {
  await page.goto('/rpc-app/reseller/login');
  await waitForActivatedWorker(page);
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/rpc-app\/manifest\.webmanifest$/);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito-like, which only the browser itself minds.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

  for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png']) {
    const response = await page.request.get(`/rpc-app/icons/${icon}`);
    expect(response.status(), icon).toBe(200);
    expect(response.headers()['content-type']).toContain('image/png');
  }
  for (const shot of ['wide.png', 'narrow.png']) {
    expect((await page.request.get(`/rpc-app/screenshots/${shot}`)).status(), shot).toBe(200);
  }
});

test('the sign-in page opens with no network after one visit', async ({ page, context }) => {
  await page.goto('/rpc-app/reseller/login');
  await waitForActivatedWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await context.setOffline(false);
});

test('a signed-in screen opens offline with the offline banner', async ({ page, context }) => {
  await signInAsReseller(page);
  await waitForActivatedWorker(page);
  // Visit every lazy screen of the area once? Not needed: every chunk is precached.
  await context.setOffline(true);
  await page.goto('/rpc-app/account');
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toBeHidden();
});

test('API calls are never answered by the navigation fallback', async ({ page, context }) => {
  await page.goto('/rpc-app/reseller/login');
  await waitForActivatedWorker(page);
  const answer = await page.evaluate(async () => {
    const response = await fetch('/rpc-api/no-such-call');
    return { status: response.status, type: response.headers.get('content-type') ?? '' };
  });
  expect(answer.type).not.toContain('text/html');
  await context.setOffline(true);
  const offline = await page.evaluate(async () => {
    try {
      await fetch('/rpc-api/reseller/user_info');
      return 'answered';
    } catch {
      return 'failed';
    }
  });
  expect(offline).toBe('failed');
  await context.setOffline(false);
});

test('a new version shows the update prompt and reloads only when asked', async ({ page }) => {
  await page.goto('/rpc-app/reseller/login');
  await waitForActivatedWorker(page);
  // The server now has a new service worker: the same script with one more line.
  const original = readFileSync(workerFile, 'utf8');
  writeFileSync(workerFile, `${original}\n// next version ${String(Date.now())}\n`);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
  } finally {
    writeFileSync(workerFile, original);
  }
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  const navigated = page.waitForEvent('framenavigated');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await navigated;
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
