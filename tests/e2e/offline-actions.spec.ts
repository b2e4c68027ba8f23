import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, signInAsReseller, test, waitForActivatedWorker } from './fixtures';

// The service worker is part of what this file tests (see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const HINT = 'You are offline. This needs a connection to the server.';

/** Signs in, lets the service worker take over and opens Users: its first 25 rows. */
async function openUsers(page: Page): Promise<Locator> {
  // The large demo account: more users than one page holds.
  await signInAsReseller(page, 'globex@example.com');
  await waitForActivatedWorker(page);
  await page.getByRole('link', { name: 'Users', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  return rows;
}

/** Cuts the network and waits for the console to say so. */
async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await expect(
    page.getByRole('status').getByText('You are offline', { exact: true }),
  ).toBeVisible();
}

test('offline, the Users screen turns off its server actions and says why', async ({
  page,
  context,
}) => {
  const rows = await openUsers(page);
  const invite = page.getByRole('button', { name: 'Invite user', exact: true });
  await expect(invite).toBeEnabled();

  await goOffline(page, context);
  // The stored list stays on screen.
  await expect(rows).toHaveCount(25);
  await expect(invite).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add user', exact: true })).toBeDisabled();
  // Filters and search work on the stored data, so they stay on.
  await expect(page.getByRole('textbox', { name: 'Search users' })).toBeEnabled();
  // The reason: the button's description, and a tooltip on hover.
  await expect(invite).toHaveAccessibleDescription(HINT);
  await invite.hover();
  await expect(page.getByRole('tooltip')).toHaveText(HINT);
  // A click does nothing (no dialog, no failed request); force: it is aria-disabled.
  await invite.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Invite user' })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('status').getByText('You are offline', { exact: true })).toHaveCount(
    0,
  );
  await expect(invite).toBeEnabled();
  await expect(invite).not.toHaveAccessibleDescription(HINT);
  await invite.click();
  await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
});

test('offline, a row menu keeps its server actions in view but turned off', async ({
  page,
  context,
}) => {
  const rows = await openUsers(page);
  await goOffline(page, context);
  // Delete stays in the menu, turned off with the reason, and asks nothing.
  await rows
    .first()
    .getByRole('button', { name: /^Actions for / })
    .click();
  const remove = page.getByRole('menuitem', { name: 'Delete' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAccessibleDescription(HINT);
  await remove.click({ force: true });
  await expect(remove).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(remove).toHaveCount(0);

  await context.setOffline(false);
});
