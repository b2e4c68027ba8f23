import type { Page } from '@playwright/test';
import {
  expect,
  signInAsPartner,
  signInAsReseller,
  test,
  waitForActivatedWorker,
} from './fixtures';

// The service worker is part of what this file tests (see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The accounts of every row in the offline database. */
async function storedAccounts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('rpc-offline');
        open.onerror = () => {
          reject(new Error('rpc-offline could not be opened'));
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('snapshots').objectStore('snapshots').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { account: string }[]).map((row) => row.account));
          };
        };
      }),
  );
}

test('an invoice opened online reads the same offline, with the offline banner', async ({
  page,
  context,
}) => {
  await signInAsReseller(page);
  await waitForActivatedWorker(page);
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  const heading = page.getByRole('heading', { name: /^Invoice INV-/ });
  await expect(heading).toBeVisible();
  const title = await heading.textContent();
  await expect(page.getByRole('article')).toContainText('Acme Remote Services');
  const invoiceUrl = page.url();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: title ?? '' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Acme Remote Services');
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByText(/last updated/)).toBeVisible();

  await page.goto('/rpc-app/invoice');
  await expect(page.getByRole('row')).toHaveCount(11);
  expect(page.url()).not.toBe(invoiceUrl);
  await context.setOffline(false);
});

/** How many activity-log entries the offline database holds (0 before it exists). */
async function storedActivityCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('rpc-offline');
        open.onerror = () => {
          resolve(0);
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('activityLog')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('activityLog').objectStore('activityLog').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );
}

test('the activity log opens offline', async ({ page, context }) => {
  await signInAsReseller(page);
  await waitForActivatedWorker(page);
  await page.getByRole('link', { name: 'Activity Log' }).first().click();
  await expect(page.getByRole('heading', { name: 'Activity Log', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByText('Signed in').first()).toBeVisible();
  // The page's entries are kept after they are shown: on a loaded machine that can lag.
  await expect.poll(() => storedActivityCount(page), { timeout: 10_000 }).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByRole('table').getByText('Signed in').first()).toBeVisible();
  // A sort never loaded online is answered from the entries this device kept.
  await page.getByRole('button', { name: 'Action', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Action ▲' })).toBeVisible();
  await expect(page.getByRole('table').getByText('Signed in').first()).toBeVisible();
  await context.setOffline(false);
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a partner commission report opens offline', async ({ page, context }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/partner\/dashboard$/);
    await waitForActivatedWorker(page);
    const year = new Date().getFullYear() - 1;
    const url = `/rpc-app/partner/newcommissionreport/referral/rpc/quarterly/4/${String(year)}`;
    await page.goto(url);
    await expect(page.getByTestId('report-range')).toHaveText(`Q4 ${String(year)}`, {
      timeout: 15_000,
    });
    await expect(page.getByRole('table')).toContainText('Total (');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('You are offline')).toBeVisible();
    await expect(page.getByTestId('report-range')).toHaveText(`Q4 ${String(year)}`);
    await expect(page.getByRole('table')).toContainText('Total (');
    await context.setOffline(false);
  });
});

test('after a logout, another account sees nothing of the first one, online or offline', async ({
  page,
  context,
}) => {
  await signInAsReseller(page);
  await waitForActivatedWorker(page);
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page.getByRole('row')).toHaveCount(11);
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('article')).toContainText('Acme Remote Services');
  const before = await storedAccounts(page);
  expect(before.length).toBeGreaterThan(0);
  const first = before[0];

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/rpc-app\/reseller\/login/);
  expect(await storedAccounts(page)).toEqual([]);
  const caches = await page.evaluate(() => window.caches.keys());
  expect(caches.filter((name) => name.startsWith('rpc-reports-'))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('rpc_query_cache'))).toBeNull();

  await signInAsReseller(page, 'eu@example.com');
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByText('Acme Remote Services')).toHaveCount(0);
  await page.goto('/rpc-app/invoice');
  await expect(page.getByText('Acme Remote Services')).toHaveCount(0);
  expect(await storedAccounts(page)).not.toContain(first);
  await context.setOffline(false);
});
