import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, hasHorizontalScroll, signInAsReseller, test } from './fixtures';

/** Opens Acme's users and answers how many rows its first page shows (at most 25). */
async function openUsers(page: Page): Promise<number> {
  await signInAsReseller(page, undefined, '/rpc-app/home/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const footer = page.getByText(/^1–\d+ of \d+$/);
  await expect(footer).toBeVisible();
  const total = Number(/of (\d+)$/.exec((await footer.textContent()) ?? '')?.[1]);
  const shown = Math.min(total, 25);
  await expect(page.locator('tbody tr')).toHaveCount(shown);
  return shown;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Users list: filters, CSV export, bulk resend', () => {
  test('filters by role, team and expired invitation, and exports what is shown', async ({
    page,
  }) => {
    const total = await openUsers(page);
    const rows = page.locator('tbody tr');
    await choose(page, 'Role', 'Sub-administrator');
    await expect(async () => {
      const texts = await rows.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.length).toBeLessThan(total);
      for (const text of texts) expect(text).toContain('Sub-administrator');
    }).toPass();
    await choose(page, 'Role', 'All roles');
    await choose(page, 'Team', 'Field Technicians');
    await expect(async () => {
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(total);
    }).toPass();
    await choose(page, 'Team', 'All teams');

    await page.getByText('Invitation expired', { exact: true }).first().click();
    await expect(async () => {
      const texts = await rows.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain('Invitation expired');
    }).toPass();
    const shown = await rows.count();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('users.csv');
    const lines = readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,Email,Role,Status,Computers allotted,Created (UTC),Invitation expires (UTC)',
    );
    expect(lines).toHaveLength(shown + 1);
    for (const line of lines.slice(1)) expect(line).toContain(',Invitation expired,');
  });

  test('resends the selected invitations at once', async ({ page }) => {
    await openUsers(page);
    await page.getByText('Invited', { exact: true }).first().click();
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toContainText(/Invited|Invitation expired/);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Resend invitations (2)' }).click();
    await expect(
      page.locator('.mantine-Notification-description', {
        hasText: 'Invitation sent successfully to 2 users',
      }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bulk actions' })).toBeHidden();
  });

  test.describe('at phone size', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the filters fit the screen', async ({ page }) => {
      await openUsers(page);
      await expect(page.getByRole('combobox', { name: 'Team' })).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
    });
  });
});
