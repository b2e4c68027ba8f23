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
    await expect(table.getByText(/^(Viewed|Changed) the API key$/).first()).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^activity-log-.*\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,User,Email,Action,Target,IP address,User agent');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => /API key/.test(line))).toBe(true);
    // CSV times carry their time zone (ISO 8601 with the offset).
    expect(
      lines
        .slice(1)
        .every((line) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2}),/.test(line)),
    ).toBe(true);
  });

  test('deleting a user shows "Deleted user" with that user\'s e-mail as the target', async ({
    page,
  }) => {
    const email = `deleted-${String(Date.now() % 1_000_000)}@walk.example.com`;
    await signInAsReseller(page);
    // The user to delete, invited through the call the console's invite form makes.
    const status = await page.evaluate(async (address) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/rpc-api/reseller/user/invite', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': xsrf },
        body: new URLSearchParams({ email: address, role: 'sub_user', allotedComputers: '0' }),
      });
      return response.status;
    }, email);
    expect(status).toBe(200);

    await page.getByRole('link', { name: 'Users', exact: true }).first().click();
    await expect(page).toHaveURL(/\/rpc-app\/home\/users$/);
    await page.getByLabel('Search users').fill(email);
    const row = page.locator('tbody tr', { hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(row).toHaveCount(0);

    await page.getByRole('link', { name: 'Activity Log' }).first().click();
    await expect(page).toHaveURL(/\/rpc-app\/activityLog$/);
    const entry = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Deleted user', exact: true }) })
      .filter({ has: page.getByRole('cell', { name: email, exact: true }) });
    await expect(entry).toHaveCount(1);
    // And the invitation before it, in words too.
    await expect(
      page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'Invited user', exact: true }) })
        .filter({ has: page.getByRole('cell', { name: email, exact: true }) }),
    ).toHaveCount(1);
    await expect(page.getByRole('cell', { name: 'user.delete', exact: true })).toHaveCount(0);
  });

  test('sorts by a column header and pages through the entries', async ({ page }) => {
    // The filter's users come once, not again with each sorted or paged answer of the log.
    const asked = { users: 0, pages: 0 };
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/rpc-api/reseller/log/activity/users')) asked.users += 1;
      if (url.includes('/rpc-api/reseller/log/activity/get')) asked.pages += 1;
    });
    await signInAsReseller(page, undefined, '/rpc-app/activityLog');
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('button', { name: /^Action/ }).click();
    await expect(page.getByRole('columnheader', { name: /Action/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByRole('table')).toBeVisible();
    await expect.poll(() => asked.pages).toBe(2);
    expect(asked.users).toBe(1);
  });

  test('an account of more than 100 users finds the one to filter by on the server', async ({
    page,
  }) => {
    // The large demo account (Globex): 130 users, more than the 100 the picker loads at once.
    await signInAsReseller(page, 'globex@example.com', '/rpc-app/activityLog');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText(/^[\d,]+ users: type to find one$/)).toBeVisible();
    const user = page.getByRole('combobox', { name: 'User' });
    await user.click();
    // "All users" and the first 100 by e-mail.
    await expect(page.getByRole('option')).toHaveCount(101);
    // user-120 sorts past the first 100 by e-mail: only the server's search finds it.
    const searched = page.waitForRequest((request) =>
      request.url().includes('/log/activity/users?search=user-120'),
    );
    await user.fill('user-120');
    await searched;
    const label = /\(user-120@globex\.example\.com\)$/;
    await page.getByRole('option', { name: label }).click();
    await expect(user).toHaveValue(label);
    await page.getByRole('button', { name: 'Apply' }).click();
    // A demo user who has done nothing yet.
    await expect(page.getByText('No activity matches these filters.')).toBeVisible();
    await expect(user).toHaveValue(label);
  });

  test('is usable at 390 px wide without sideways page scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAsReseller(page, undefined, '/rpc-app/activityLog');
    await expect(page.getByRole('table')).toBeVisible();
    const wide = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(wide).toBe(false);
  });
});
