import type { Page } from '@playwright/test';
import { expect, signInAsReseller, test } from './fixtures';

/**
 * The page the server sends for a console route lists the route's chunks in its head
 * (`<link rel="modulepreload">`, server/plugins/console-preloads.ts, from the build's
 * route-preloads.json): the browser fetches them at the start instead of one import after another.
 */

const preloadsOf = (page: Page) =>
  page.$$eval('link[rel="modulepreload"]', (links) =>
    links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
  );

test.describe('Route preloads', () => {
  test('a signed-in page lists its screen and its layout, each one the page then runs', async ({
    page,
  }) => {
    const requested = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) requested.add(url.pathname);
    });
    await signInAsReseller(page, undefined, '/rpc-app/invoice');
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    const listed = await preloadsOf(page);
    expect(listed.some((file) => /\/invoices-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(listed.some((file) => /\/console-[\w-]+\.js$/.test(file))).toBe(true);
    // Nothing listed that the page does not use (a preload nobody takes only wastes the network).
    expect(listed.filter((file) => !requested.has(file))).toEqual([]);
  });

  test('the sign-in page, whose code is the start-up itself, lists nothing more', async ({
    page,
  }) => {
    await page.goto('/rpc-app/reseller/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await preloadsOf(page)).toEqual([]);
  });
});
