import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  PRODUCT,
  axeViolations,
  expect,
  resellerLoginFields,
  signInAsReseller,
  test,
} from './fixtures';
import { serverDataDir } from './outbox';

/** The invitation link in the newest mail to `email`, or null while it is not sent yet. */
function invitationLinkFromOutbox(email: string): string | null {
  const outbox = path.join(serverDataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return null;
  for (const file of fs.readdirSync(outbox)) {
    const text = fs
      .readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!text.includes(`To: ${email}`)) continue;
    const match = /https?:\/\/\S+\/rpc-app\/reseller\/addUser\?\S+/.exec(text);
    if (match) return match[0];
  }
  return null;
}

/** A toast (Mantine notification) with this text; several can be on screen at once. */
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-description', { hasText: text }).first();

const uniqueEmail = (prefix: string) =>
  `${prefix}.${String(Date.now())}${String(Math.floor(Math.random() * 1000))}@example.com`;

async function openUsers(page: Page) {
  await signInAsReseller(page);
  await page.getByRole('link', { name: 'Users', exact: true }).first().click();
  await expect(page).toHaveURL(/\/rpc-app\/home\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

async function inviteFromConsole(page: Page, email: string, computers = '2') {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByLabel('Allotted computers').fill(computers);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Invitation sent successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('Users screen', () => {
  test('lists, searches and sorts the sub-users with status badges', async ({ page }) => {
    await openUsers(page);
    await expect(page.getByText(/\d+ active · \d+ invited · \d+ cancelled/)).toBeVisible();
    const rows = page.locator('tbody tr');
    // Acme is within its plan's 25 users: one page.
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
    await expect(rows.first()).toBeVisible();
    await page.getByRole('button', { name: 'Sort by Username' }).click();
    await expect(page.getByRole('columnheader', { name: 'Sort by Username' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await page.getByLabel('Search users').fill('subadmin@');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Sub-administrator');
    await expect(rows.first()).toContainText('Active');
    await page.getByLabel('Search users').fill('');
    await page.getByText('Invited', { exact: true }).first().click();
    await expect(rows.first()).toContainText(/Invited|Invitation expired/);
  });

  test('a large account pages through its users, 25 at a time', async ({ page }) => {
    await signInAsReseller(page, 'globex@example.com', '/rpc-app/home/users');
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(25);
    await expect(page.getByText('1–25 of 130')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('26–50 of 130')).toBeVisible();
    await expect(rows).toHaveCount(25);
  });

  test('where users are added, the plan says how many are used and how many are left', async ({
    page,
  }) => {
    await openUsers(page);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await expect(dialog.getByTestId('plan-room')).toHaveText(
      /^Your plan: \d+ of \d+ users used · \d+ available · \d+ of \d+ computers allotted · \d+ available$/,
    );
  });

  test('a full plan says so where users are added, and the server refuses one more', async ({
    page,
  }) => {
    // The trial tries the entry plan (Bulk Reseller 25: 5 users); fill its free places first.
    await signInAsReseller(page, 'trial@example.com');
    const run = String(Date.now() % 1_000_000);
    await page.evaluate(async (tag) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      for (let i = 0; i < 5; i += 1) {
        await fetch('/rpc-api/reseller/user/invite', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': xsrf },
          body: new URLSearchParams({
            email: `seat-${tag}-${String(i)}@example.com`,
            role: 'sub_user',
            allotedComputers: '0',
          }),
        });
      }
    }, run);
    await page.goto('/rpc-app/home/users');
    await expect(page.getByText(/5 of 5 users in your plan/)).toBeVisible();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await expect(dialog.getByTestId('plan-room')).toContainText(
      'Your plan: 5 of 5 users used · 0 available',
    );
    const full =
      'Your plan includes 5 users and 5 are in use. Upgrade your plan or delete a user to add another.';
    await expect(dialog.getByText("Your plan's users are all in use")).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Upgrade plan' })).toBeVisible();
    await dialog.getByLabel('Email Address').fill(`seat-${run}-over@example.com`);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(full);
  });

  test('numeric field, blur and focus checks, and the 5 s error highlight', async ({ page }) => {
    await openUsers(page);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    const computers = dialog.getByLabel('Allotted computers');
    await computers.fill('');
    // Letters typed into a numeric field do nothing.
    await computers.pressSequentially('ab3c');
    await expect(computers).toHaveValue('3');
    // A non-numeric paste is shown, then reverted after about a second.
    await computers.evaluate((input: HTMLInputElement) => {
      input.focus();
      input.select();
      const data = new DataTransfer();
      data.setData('text/plain', '12ab');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only way to type text the browser's own way (a real input event)
      document.execCommand('insertText', false, '12ab');
    });
    await expect(computers).toHaveValue('12ab');
    await expect(computers).toHaveValue('3', { timeout: 2500 });

    // A failed submit: the message and a highlight that goes after 5 s while the message stays.
    const email = dialog.getByLabel('Email Address');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Email cannot be blank')).toBeVisible();
    await expect(email).toHaveAttribute('data-error-highlight', 'true');
    await expect(email).not.toHaveAttribute('data-error-highlight', 'true', { timeout: 7000 });
    await expect(dialog.getByText('Email cannot be blank')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add user' }).click();
    const add = page.getByRole('dialog', { name: 'Add user' });
    await add.getByRole('textbox', { name: 'Password', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(add.getByText('Password cannot be blank')).toBeVisible();
    await add.getByLabel('Last Name').click();
    await expect(add.getByText('First name cannot be blank')).toBeVisible();
  });

  test('copy link, resend, delete with confirmation, and restore from cancelled users', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openUsers(page);
    const email = uniqueEmail('copy');
    await inviteFromConsole(page, email);
    await page.getByLabel('Search users').fill(email);
    const row = page.locator('tbody tr', { hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Copy invitation link' }).click();
    await expect(toast(page, 'User invitation copied')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('/rpc-app/reseller/addUser?');
    expect(copied).toContain(`email=${encodeURIComponent(email)}`);

    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
    await expect(toast(page, 'Invitation sent successfully')).toBeVisible();

    // Delete an active user, then restore them.
    await page.getByLabel('Search users').fill('subuser@example.com');
    const active = page.locator('tbody tr', { hasText: 'subuser@example.com' });
    await active.getByRole('button', { name: 'Actions for subuser@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText('subuser@example.com');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'User has been deleted successfully')).toBeVisible();
    await expect(active).toHaveCount(0);

    await page.getByRole('link', { name: 'Cancelled users' }).first().click();
    await expect(page).toHaveURL(/\/rpc-app\/cancelled-users$/);
    await page.getByLabel('Search cancelled users').fill('subuser@example.com');
    const cancelled = page.locator('tbody tr', { hasText: 'subuser@example.com' });
    await expect(cancelled).toContainText('Cancelled');
    await cancelled.getByRole('button', { name: 'Actions for subuser@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await page
      .getByRole('dialog', { name: 'Restore user' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(toast(page, 'User has been restored successfully')).toBeVisible();
    await expect(cancelled).toHaveCount(0);
  });

  test('a sub-user sees no user management', async ({ page }) => {
    await signInAsReseller(page, 'subuser@example.com');
    await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await page.goto('/rpc-app/home/users');
    await expect(page.getByText('You do not have permission to perform this action')).toBeVisible();
  });
});

test.describe('Invited-user signup', () => {
  test('invite, open the e-mailed link in a fresh browser, create the account, sign in', async ({
    page,
    browser,
  }) => {
    await openUsers(page);
    const email = uniqueEmail('invitee');
    await inviteFromConsole(page, email, '3');
    await expect.poll(() => invitationLinkFromOutbox(email)).not.toBeNull();
    const link = invitationLinkFromOutbox(email) ?? '';

    const fresh = await browser.newContext();
    const visitor = await fresh.newPage();
    await visitor.goto(link);
    await expect(
      visitor.getByRole('heading', {
        name: `Riley Morgan has invited you to create a ${PRODUCT} account`,
      }),
    ).toBeVisible();
    await expect(visitor.getByText('Remote control')).toBeVisible();
    const emailField = visitor.getByLabel('Email Address');
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toHaveAttribute('readonly', '');

    // Checked in the spec's order; Enter submits.
    await visitor.getByLabel('First Name').fill('Ivy');
    await visitor.getByLabel('Last Name').fill('Vited');
    await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome@1');
    await visitor.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    await expect(
      visitor.getByText(`You must agree to the terms of ${PRODUCT} service for account creation`),
    ).toBeVisible();
    // The terms are linked; e-mails on product updates are a separate choice, off by default.
    const terms = visitor.getByRole('checkbox', {
      name: `I agree to the pricing terms, as well as the terms of the ${PRODUCT} service`,
    });
    await expect(visitor.getByRole('link', { name: 'pricing terms' })).toHaveAttribute(
      'href',
      'https://www.remotepc.com/pricing',
    );
    await expect(
      visitor.getByRole('link', { name: `terms of the ${PRODUCT} service` }),
    ).toHaveAttribute('href', 'https://www.remotepc.com/terms');
    const marketing = visitor.getByRole('checkbox', {
      name: 'I would like to receive emails on product updates (optional)',
    });
    await expect(marketing).not.toBeChecked();
    expect(await axeViolations(visitor)).toEqual([]);
    await terms.check();
    await expect(marketing).not.toBeChecked();
    await visitor.getByRole('button', { name: 'Create My Account' }).click();

    // The sign-in page says the account is ready and has the e-mail filled in.
    await expect(visitor).toHaveURL(/\/rpc-app\/reseller\/login\?account=ready&email=/);
    await expect(
      visitor.getByText('Your account is ready. Sign in with the password you just chose.'),
    ).toBeVisible();
    const fields = resellerLoginFields(visitor);
    await expect(fields.email).toHaveValue(email);
    await expect(fields.password).toBeFocused();
    await fields.password.fill('Welcome@1');
    await fields.submit.click();
    await expect(visitor).toHaveURL(/\/rpc-app\/home$/);
    await expect(visitor.getByRole('heading', { name: 'Welcome, Ivy' })).toBeVisible();

    // The link works once.
    await visitor.goto(link);
    await expect(visitor).toHaveURL(/\/reseller\/addUser\/linkExpired$/);
    await fresh.close();
  });

  test('an unknown or expired link goes to the link-expired screen', async ({ page }) => {
    await page.goto(
      `/rpc-app/reseller/addUser?admin_name=Riley%20Morgan&email=nobody%40example.com&unique_id=${'x'.repeat(43)}&alloted_computer=1`,
    );
    await expect(page).toHaveURL(/\/reseller\/addUser\/linkExpired$/);
    await expect(page.getByText('Oops! The link has expired.')).toBeVisible();
  });

  test('tabbing out of Password and clicking Last Name run their checks', async ({ page }) => {
    await signInAsReseller(page);
    // The demo pending invitation: its link comes from "copy link".
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/rpc-app/home/users');
    await page.getByLabel('Search users').fill('invitee@example.com');
    await page.getByRole('button', { name: 'Actions for invitee@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Copy invitation link' }).click();
    await expect(toast(page, 'User invitation copied')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    await page.goto(link);
    await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByText('Password cannot be blank')).toBeVisible();
    await page.getByLabel('Last Name').click();
    await expect(page.getByText('First name cannot be blank')).toBeVisible();
  });
});

test.describe('Teams', () => {
  test('the team picker offers only users a team can take, by name', async ({ page }) => {
    await signInAsReseller(page);
    await page.getByRole('link', { name: 'Teams', exact: true }).first().click();
    await expect(page).toHaveURL(/\/rpc-app\/home\/teams$/);
    const field = page.getByRole('region', { name: 'Field Technicians' });
    const firstMember = (await field.getByRole('listitem').first().innerText()).trim();
    const email = /\(([^)]+)\)$/.exec(firstMember)?.[1] ?? firstMember;
    const helpDesk = page.getByRole('region', { name: 'Help Desk' });
    const picker = helpDesk.getByLabel('Add users');
    // A user in another team is not offered (the server refuses a second team anyway).
    await picker.click();
    await picker.fill(email);
    await expect(page.getByRole('option', { name: email })).toHaveCount(0);
    // Users are found by typing (searched on the server, however many there are) and offered
    // by name, with their e-mail.
    await picker.fill('subadmin');
    await expect(
      page.getByRole('option', { name: 'Sidney Okafor (subadmin@example.com)' }),
    ).toBeVisible();
    await picker.press('Escape');

    await page.getByLabel('New team name').fill('Weekend Crew');
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect(toast(page, 'Team created successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Weekend Crew' })).toBeVisible();
  });
});
