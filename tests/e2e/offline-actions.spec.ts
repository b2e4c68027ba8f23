import { expect, signInAsReseller, test, waitForActivatedWorker } from './fixtures';

const HINT = 'You are offline. This needs a connection to the server.';

test('offline, the Users screen turns off its server actions and says why', async ({
  page,
  context,
}) => {
  await signInAsReseller(page);
  await waitForActivatedWorker(page);
  await page.getByRole('link', { name: 'Users', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const invite = page.getByRole('button', { name: 'Invite user', exact: true });
  await expect(invite).toBeEnabled();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(25);

  await context.setOffline(true);
  await expect(
    page.getByRole('status').getByText('You are offline', { exact: true }),
  ).toBeVisible();
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
