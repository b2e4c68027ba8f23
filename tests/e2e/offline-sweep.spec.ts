import type { Page } from '@playwright/test';
import { paths } from '../../src/lib/paths';
import {
  expect,
  signInAsPartner,
  signInAsReseller,
  test,
  waitForActivatedWorker,
} from './fixtures';

// The service worker is part of what this file tests (see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/*
 * Every signed-in screen opened with no network, nothing of it visited before but the first one:
 * each shows its data saved on this device with the offline banner, or says plainly that it needs
 * a connection. None spins or shows skeletons for ever, none says "Something went wrong".
 */

const NOT_SIGNED_IN = new Set<keyof typeof paths>([
  'root',
  'resellerLogin',
  'resellerForgotPassword',
  'resellerResetPassword',
  'linkExpired',
  'resellerConfirmEmail',
  'resellerSignup',
  'registrationVerify',
  'chromebookCaptcha',
  'chromebookCaptchaResponse',
  'invitedSignup',
  'partnerSignup',
  'partnerSignupW9',
  'partnerForgotPassword',
  'partnerResetPassword',
  'partnerConfirmEmail',
  // A pending partner's screen; an approved partner is sent on to the dashboard.
  'partnerApproval',
]);

const screensOf = (isPartner: boolean) =>
  (Object.keys(paths) as (keyof typeof paths)[])
    .filter((name) => !NOT_SIGNED_IN.has(name))
    .filter((name) => paths[name].startsWith('/partner/') === isPartner)
    .map((name) => paths[name].replace(':invoiceID', 'never-opened'));

/** Whatever is still loading: a loader, a skeleton or a region marked busy. */
const stillLoading = (page: Page) =>
  page.locator('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]').filter({
    visible: true,
  });

async function sweep(page: Page, screens: string[]): Promise<void> {
  for (const screen of screens) {
    await test.step(screen, async () => {
      await page.goto(`/rpc-app${screen}`);
      await expect(page.getByText('You are offline')).toBeVisible({ timeout: 15_000 });
      await expect(stillLoading(page), `${screen} still loading`).toHaveCount(0, {
        timeout: 10_000,
      });
      await expect(page.getByText('Something went wrong'), screen).toHaveCount(0);
    });
  }
}

test.describe('Every signed-in screen offline', () => {
  test.describe.configure({ timeout: 240_000 });

  test('as a reseller', async ({ page, context }) => {
    await signInAsReseller(page);
    await waitForActivatedWorker(page);
    await context.setOffline(true);
    await sweep(page, screensOf(false));
    await context.setOffline(false);
  });

  test('as a partner', async ({ page, context }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/partner\/dashboard$/);
    await waitForActivatedWorker(page);
    await context.setOffline(true);
    await sweep(page, screensOf(true));
    await context.setOffline(false);
  });
});
