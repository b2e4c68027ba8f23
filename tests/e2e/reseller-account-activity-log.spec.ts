import fs from 'node:fs';
import { expect, signInAsReseller, test } from './fixtures';

test.describe('Activity log (/activityLog)', () => {
  test('shows the last 7 days, filters by action type, and exports the CSV', async ({ page }) => {
    await signInAsReseller(page);
    await page.getByRole('link', { name: 'Activity Log' }).first().click();
    await expect(page).toHaveURL(/\/rpc-app\/activityLog$/);
    await expect(page.getByRole('heading', { name: 'Activity Log', level: 1 })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByText('Signed in').first()).toBeVisible();
    // "Mon dd, yyyy, hh:mm am/pm"
    await expect(table.getByRole('cell').first()).toHaveText(
      /^[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2} (am|pm)$/,
    );

    const from = page.getByLabel('From');
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000);
    const iso = `${String(fortyDaysAgo.getFullYear())}-${String(fortyDaysAgo.getMonth() + 1).padStart(2, '0')}-${String(fortyDaysAgo.getDate()).padStart(2, '0')}`;
    await from.fill(iso);
    await page.getByRole('combobox', { name: 'Action type' }).click();
    await page.getByRole('option', { name: 'API key' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(table.getByText('Signed in')).toHaveCount(0);
    await expect(table.getByText(/API key (viewed|changed)/).first()).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^activity-log-.*\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,User,Email,Action,Target,IP address,User agent');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => /API key/.test(line))).toBe(true);
  });

  test('sorts by a column header and pages through the entries', async ({ page }) => {
    await signInAsReseller(page);
    await page.goto('/rpc-app/activityLog');
    await page.getByRole('button', { name: /^Action/ }).click();
    await expect(page.getByRole('columnheader', { name: /Action/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('is usable at 390 px wide without sideways page scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAsReseller(page);
    await page.goto('/rpc-app/activityLog');
    await expect(page.getByRole('table')).toBeVisible();
    const wide = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(wide).toBe(false);
  });
});
