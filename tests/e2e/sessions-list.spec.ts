import type { BrowserContext, Page } from '@playwright/test';
import { axeViolations, expect, hasHorizontalScroll, signInAsReseller, test } from './fixtures';

/*
 * "Where you're signed in" (issue 20): the same user signed in on two browsers (two contexts),
 * the first signs the second out, and the second is sent to the sign-in page on its next step.
 */

const USER = 'subadmin@example.com';
const loginUrl = /\/rpc-app\/reseller\/login$/;

/**
 * Earlier tests of the run may have left this user signed in elsewhere: they are signed out
 * first, through the call the "Sign out all other sessions" button makes, so the list holds only
 * the two browsers of this test.
 */
async function signOutLeftovers(page: Page, context: BrowserContext) {
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const answer = await page.request.post('/rpc-api/reseller/sessions/signOutOthers', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? '') },
  });
  expect(answer.status()).toBe(200);
}

test.describe("Where you're signed in", () => {
  test('lists both browsers; signing the other out sends it to the sign-in page', async ({
    page,
    context,
    browser,
  }) => {
    await signInAsReseller(page, USER);
    await signOutLeftovers(page, context);

    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await signInAsReseller(otherPage, USER);

      // The Account area's Sessions tab.
      await page.goto('/rpc-app/account/settings');
      await page
        .getByRole('navigation', { name: 'Account' })
        .getByRole('link', { name: 'Sessions' })
        .click();
      await expect(page).toHaveURL(/\/rpc-app\/account\/sessions$/);
      const section = page.getByRole('region', { name: "Where you're signed in" });
      const cards = section.getByTestId('signed-in-session');
      await expect(cards).toHaveCount(2);
      const mine = cards.filter({ hasText: 'This browser' });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText('Chrome on Windows');
      await expect(mine).toContainText('Unknown · Password');
      await expect(mine).toContainText('Active now');
      await expect(mine.getByRole('button')).toHaveCount(0);
      const theirs = cards.filter({ hasNotText: 'This browser' });
      await expect(theirs).toContainText('Chrome on Windows');
      await expect(theirs).toContainText('Unknown · Password');
      await expect(theirs).toContainText('Last active just now');
      // The exact moment on hover.
      await expect(theirs.locator('time').first()).toHaveAttribute('title', /\d{2}:\d{2} [ap]m$/);
      expect(await axeViolations(page)).toEqual([]);

      await theirs.getByRole('button', { name: 'Sign out Chrome on Windows, Unknown' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out this session?' });
      await expect(dialog).toContainText(
        'Chrome on Windows (Unknown) will be signed out at once and must sign in again.',
      );
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByText('The session was signed out.')).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(section.getByText('You are signed in only on this browser.')).toBeVisible();
      await expect(
        section.getByRole('button', { name: 'Sign out all other sessions' }),
      ).toHaveCount(0);

      // The other browser's next navigation finds its session ended.
      await otherPage.goto('/rpc-app/home');
      await expect(otherPage).toHaveURL(loginUrl);
      // This one stays signed in.
      await page.reload();
      await expect(cards).toHaveCount(1);
    } finally {
      await other.close();
    }
  });

  test('"Sign out all other sessions" asks first; the list stacks as cards on a phone', async ({
    page,
    context,
    browser,
  }) => {
    await signInAsReseller(page, USER);
    await signOutLeftovers(page, context);
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await signInAsReseller(otherPage, USER);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/rpc-app/account/sessions');
      const section = page.getByRole('region', { name: "Where you're signed in" });
      const cards = section.getByTestId('signed-in-session');
      await expect(cards).toHaveCount(2);
      expect(await hasHorizontalScroll(page)).toBe(false);

      const all = section.getByRole('button', { name: 'Sign out all other sessions' });
      // Cancelling changes nothing.
      await all.click();
      const dialog = page.getByRole('dialog', { name: 'Sign out all other sessions?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(cards).toHaveCount(2);

      await all.click();
      await dialog.getByRole('button', { name: 'Sign out all' }).click();
      await expect(page.getByText('Your other sessions were signed out.')).toBeVisible();
      await expect(cards).toHaveCount(1);
      await otherPage.goto('/rpc-app/home');
      await expect(otherPage).toHaveURL(loginUrl);
    } finally {
      await other.close();
    }
  });
});
