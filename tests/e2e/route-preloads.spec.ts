import type { Page } from '@playwright/test';
import { expect, signInAsPartner, signInAsReseller, test } from './fixtures';

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

  test("a chart below a phone's fold: its chunks fetched once the page is idle, run only near it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Each chart chunk's requests, by kind: a prefetch, or a script the page runs.
    const chartRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/(charts|bar-chart-module)-[\w-]+\.js$/.test(request.url())) {
        chartRequests.push(request.resourceType());
      }
    });
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/rpc-app\/partner\/dashboard$/);
    const chart = page.getByRole('region', { name: 'Commissions over the last 12 months' });
    await expect(chart.getByRole('status', { name: 'Loading the chart' })).toBeVisible();
    // Listed in the page, but not as a link the browser fetches with it (it would share the
    // link with the first paint)...
    const shell = await (await page.request.get('/rpc-app/partner/dashboard')).text();
    expect(shell).toMatch(/<meta name="rpc-prefetch" content="[^"]*\/charts-[\w-]+\.js/);
    expect(shell).not.toContain('rel="prefetch"');
    // ...then fetched once the page is idle...
    const prefetched = () =>
      page.$$eval('link[rel="prefetch"]', (links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
    await expect
      .poll(prefetched)
      .toEqual(expect.arrayContaining([expect.stringMatching(/\/charts-[\w-]+\.js$/)]));
    // ...and fetched without being run: the chart is drawn only once it comes near the screen.
    await expect.poll(() => chartRequests.length).toBeGreaterThan(0);
    expect(chartRequests).not.toContain('script');
    await expect(chart.locator('.recharts-surface')).toHaveCount(0);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-surface')).toBeVisible();
  });
});
