import type { Page } from '@playwright/test';
import { firstScreenMessages } from '../../src/domain/messages-first-screen';
import { expect, signInAsPartner, signInAsReseller, test } from './fixtures';

const ERROR_TITLE = firstScreenMessages['error.screen.title'];

/**
 * Records, from the page's first script on, whether a loader was ever on the page before the
 * signed-in screen's heading: a signed-in screen's first paint should be the screen itself.
 */
async function watchForLoaders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const page = window as unknown as { loadersSeen: string[]; accountWithHeading?: string };
    page.loadersSeen = seen;
    const look = () => {
      if (document.querySelector('h1')) {
        page.accountWithHeading ??=
          document.querySelector('[aria-label="Account menu"]')?.textContent ?? '';
        return;
      }
      for (const loader of document.querySelectorAll('[role="status"] [aria-label^="Loading"]')) {
        seen.push(loader.getAttribute('aria-label') ?? '');
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true });
  });
}

const loadersSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { loadersSeen: string[] }).loadersSeen);

/** What the account button showed when the heading first appeared ("?" while nobody is known). */
const accountWithHeading = (page: Page) =>
  page.evaluate(() => (window as unknown as { accountWithHeading?: string }).accountWithHeading);

test.describe('A signed-in screen opened directly', () => {
  test('the partner dashboard is first painted with who is signed in, asked once', async ({
    page,
  }) => {
    await signInAsPartner(page, 'demopartner');
    // The sign-in's own landing has asked for user_info before the requests are counted.
    await expect(page.getByRole('heading', { name: 'Welcome, Dana Whitfield' })).toBeVisible();
    await watchForLoaders(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/rpc-api/partner/user_info')) asked.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Dana Whitfield' })).toBeVisible();
    expect(await loadersSeen(page)).toEqual([]);
    // The frame's account button knew the partner in the same paint.
    expect(await accountWithHeading(page)).toContain('Dana Whitfield');
    expect(asked).toHaveLength(1);
  });

  test('the reseller home is first painted with who is signed in', async ({ page }) => {
    await signInAsReseller(page);
    await watchForLoaders(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Riley', level: 1 })).toBeVisible();
    expect(await loadersSeen(page)).toEqual([]);
  });

  test('a slow user_info does not hold the first paint: the loader shows meanwhile', async ({
    page,
  }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/rpc-app\/partner\/dashboard$/);
    await watchForLoaders(page);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/rpc-api/partner/user_info', async (route) => {
      await answered;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByLabel('Loading your dashboard')).toBeVisible();
    answer();
    await expect(page.getByRole('heading', { name: 'Welcome, Dana Whitfield' })).toBeVisible();
    expect(await loadersSeen(page)).toContain('Loading your dashboard');
  });

  test('a frame whose code fails to load shows the error screen, not a blank page', async ({
    page,
    consoleErrors,
  }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/rpc-app\/partner\/dashboard$/);
    await page.route(/\/assets\/console-[\w-]+\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ERROR_TITLE);
    // The failed download is reported (and the chunks that import the frame's fail with it), and
    // nothing else went wrong.
    for (const error of consoleErrors) {
      expect(error).toContain('Failed to fetch dynamically imported module');
    }
    consoleErrors.length = 0;
  });
});
