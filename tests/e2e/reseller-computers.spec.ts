import type { Page } from '@playwright/test';
import { axeViolations, expect, hasHorizontalScroll, signInAsReseller, test } from './fixtures';

/** A toast (Mantine notification) with this text; several can be on screen at once. */
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-description', { hasText: text }).first();

/** Names unique per run: the e2e database lives as long as the server, across tests. */
const unique = (prefix: string) => `${prefix}-${String(Date.now() % 1_000_000)}`;

async function openComputers(page: Page, email?: string) {
  await signInAsReseller(page, email);
  await page.getByRole('link', { name: 'Computers', exact: true }).first().click();
  await expect(page).toHaveURL(/\/rpc-app\/home\/computers$/);
  await expect(page.getByRole('heading', { name: 'Computers', level: 1 })).toBeVisible();
}

const row = (page: Page, name: string) => page.locator(`tr[data-computer-row="${name}"]`);

test.describe('Computers screen', () => {
  test('lists the demo computers, sorts, and filters by group', async ({ page }) => {
    await openComputers(page);
    await expect(page.getByText('40 computers')).toBeVisible();
    const rows = page.locator('tbody tr[data-computer-row]');
    await expect(rows).toHaveCount(25);
    await expect(page.getByText('1–25 of 40')).toBeVisible();
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await expect(page.getByRole('columnheader', { name: 'Sort by Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(rows.first()).toHaveAttribute('data-computer-row', 'WH-PC-08');
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Kiosks (8)' }).click();
    await expect(rows).toHaveCount(8);
    await expect(page.getByText('8 computers found')).toBeVisible();
  });

  test('adds a computer (with a validation message), creates a group, moves it, deletes in bulk', async ({
    page,
  }) => {
    const name = unique('E2E-PC');
    const groupName = unique('Lab');
    await openComputers(page);

    // Add a computer; the rule book's message shows before anything is sent.
    await page.getByRole('button', { name: 'Add computer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add computer' });
    await dialog.getByLabel('Computer name').fill('ab');
    await dialog.getByLabel('Description').fill('Bench computer for tests');
    await dialog.getByLabel(/^Personal Key/).fill('abc');
    await dialog.getByRole('button', { name: 'Add computer' }).click();
    await expect(dialog.getByText('Computer name should be between 3-50 characters')).toBeVisible();
    await expect(
      dialog.getByText('Personal Key should be between 4 - 15 characters'),
    ).toBeVisible();
    await dialog.getByLabel('Computer name').fill(name);
    const key = dialog.getByLabel(/^Personal Key/);
    await key.fill('Secret-Key9');
    await expect(key).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show Personal Key' }).click();
    await expect(key).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Add computer' }).click();
    await expect(toast(page, 'Computer added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The Personal Key is never shown back: editing starts with an empty key field.
    await page.getByLabel('Search computers').fill(name);
    await expect(row(page, name)).toBeVisible();
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit computer' });
    await expect(edit.getByLabel(/^Personal Key/)).toHaveValue('');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Create a group.
    await page.getByRole('button', { name: 'Manage groups' }).click();
    const groups = page.getByRole('dialog', { name: 'Manage groups' });
    // The field stops at 20 characters; a blank name is what can still be sent.
    await groups.getByLabel('New group name').fill('   ');
    await groups.getByRole('button', { name: 'Create group' }).click();
    await expect(groups.getByText('Group name should be between 1 - 20 characters')).toBeVisible();
    await groups.getByLabel('New group name').fill(groupName);
    await groups.getByRole('button', { name: 'Create group' }).click();
    await expect(toast(page, 'Group created successfully')).toBeVisible();
    await expect(groups.locator(`[data-group-row="${groupName}"]`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(groups).toBeHidden();

    // Move the computer into it.
    await row(page, name).getByRole('checkbox').check();
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', {
        name: 'Move to group',
      })
      .click();
    const move = page.getByRole('dialog', { name: 'Move to group' });
    await move.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: groupName, exact: true }).click();
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(toast(page, 'Computers moved successfully')).toBeVisible();
    await expect(row(page, name)).toContainText(groupName);

    // Bulk delete, after confirmation.
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', {
        name: 'Delete selected',
      })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete computers' });
    await expect(confirm).toContainText('Delete 1 computer selected?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Computers have been deleted successfully')).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    await expect(page.getByText('No computers match your search.')).toBeVisible();
  });

  test('a sub-user sees only the computers allotted to them, read-only, at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsReseller(page, 'subuser@example.com', '/rpc-app/home/computers');
    await expect(page.getByRole('heading', { name: 'Computers', level: 1 })).toBeVisible();
    await expect(page.getByText('The computers allotted to you.')).toBeVisible();
    await expect(page.locator('[data-computer-row]')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Add computer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
  test('refuses deleting more than 50 at once with the spec message', async ({ page }) => {
    await openComputers(page);
    // 40 demo computers plus 11 added through the API the console uses: 51 on one page of 100.
    const added = await page.evaluate(async () => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const response = await fetch('/rpc-api/reseller/computer/add', {
          method: 'POST',
          credentials: 'include',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-xsrf-token': xsrf,
          },
          body: new URLSearchParams({
            name: `Bulk-PC-${String(i)}`,
            description: 'Added for the bulk limit',
            personalKey: 'Bulk-Key-1',
          }).toString(),
        });
        statuses.push(response.status);
      }
      return statuses;
    });
    expect(added.every((status) => status === 200)).toBe(true);
    await page.reload();
    await page.getByRole('combobox', { name: 'Computers per page' }).click();
    await page.getByRole('option', { name: '100' }).click();
    const rows = page.locator('tbody tr[data-computer-row]');
    // Every computer on one page ("1–51 of 51"; more if an earlier test left one behind).
    await expect(page.getByText(/^1–\d+ of \d+$/)).toHaveText(/^1–(\d+) of \1$/);
    expect(await rows.count()).toBeGreaterThan(50);
    await page.getByLabel('Select all computers on this page').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await expect(toast(page, 'Cannot delete more than 50 hosts')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Delete computers' })).toHaveCount(0);
  });

  test('comments, a message, and allotment within the user count', async ({ page }) => {
    await openComputers(page);
    const openMenu = async (name: string, item: string) => {
      await page.getByLabel('Search computers').fill(name);
      await expect(page.locator('tbody tr[data-computer-row]')).toHaveCount(1);
      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };

    await openMenu('HQ-WS-02', 'Comments');
    const comments = page.getByRole('dialog', { name: 'Comments' });
    await comments.getByRole('textbox', { name: 'Comment' }).fill('short');
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await expect(comments.getByText('Comments size must be in between 6-4000')).toBeVisible();
    await comments.getByRole('textbox', { name: 'Comment' }).fill('Swapped the keyboard.');
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await expect(toast(page, 'Comment added successfully')).toBeVisible();
    await expect(comments.getByRole('listitem').first()).toContainText('Swapped the keyboard.');
    await page.keyboard.press('Escape');

    await openMenu('HQ-WS-02', 'Send message');
    const message = page.getByRole('dialog', { name: 'Send message' });
    await message.getByRole('textbox', { name: 'Message' }).fill('m'.repeat(250));
    await message.getByRole('button', { name: 'Send message' }).click();
    await expect(message.getByText('Message should be less than 250 characters')).toBeVisible();
    await message.getByRole('textbox', { name: 'Message' }).fill('Please restart tonight.');
    await message.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, 'Message sent successfully')).toBeVisible();
    await expect(message.getByRole('listitem').first()).toContainText(
      'Waiting for the computer to connect',
    );
    await page.keyboard.press('Escape');

    // subuser@example.com may hold 3 computers and holds 2.
    const allotTo = async (name: string, user: RegExp | string) => {
      await openMenu(name, 'Allot to user');
      const dialog = page.getByRole('dialog', { name: 'Allot to user' });
      const select = dialog.getByRole('combobox', { name: 'User' });
      await select.click();
      if (typeof user !== 'string') await select.fill('subuser');
      await page.getByRole('option', { name: user }).click();
      await dialog.getByRole('button', { name: 'Allot' }).click();
      return dialog;
    };
    await allotTo('HQ-WS-03', /subuser@example\.com/);
    await expect(toast(page, 'Computers allotted successfully')).toBeVisible();
    const refused = await allotTo('HQ-WS-04', /subuser@example\.com/);
    await expect(
      refused.getByText('Cannot allot more than 3 computers to subuser@example.com'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await allotTo('HQ-WS-03', 'Nobody (take the computers back)');
    await expect(toast(page, 'Computers are no longer allotted to a user')).toBeVisible();
  });

  test('the manager screen works at 390 px: the list becomes cards', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsReseller(page, undefined, '/rpc-app/home/computers');
    // Cards instead of table rows, with the same selection and actions.
    await expect(page.locator('[data-computer-row]')).toHaveCount(25);
    await expect(page.locator('table')).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Name, Z to A' }).click();
    await expect(page.locator('[data-computer-row]').first()).toHaveAttribute(
      'data-computer-row',
      'WH-PC-08',
    );
    await page.getByLabel('Select WH-PC-08').check();
    await expect(page.getByRole('region', { name: 'Bulk actions' })).toBeVisible();
    await page.getByRole('button', { name: 'Actions for WH-PC-08' }).click();
    await expect(page.getByRole('menuitem', { name: 'Move to group' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add computer' }).click();
    await expect(page.getByRole('dialog', { name: 'Add computer' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`no WCAG 2.1 AA violations at ${String(viewport.width)} px, list and dialog`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInAsReseller(page, undefined, '/rpc-app/home/computers');
      await expect(page.locator('[data-computer-row]').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Add computer' }).click();
      await expect(page.getByRole('dialog', { name: 'Add computer' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
