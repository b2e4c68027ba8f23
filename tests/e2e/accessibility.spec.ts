import type { Page } from '@playwright/test';
import { axeViolations, expect, signInAsPartner, signInAsReseller, test } from './fixtures';

// With the transitions on, as most people see the console (see playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** WCAG 2.1 A and AA rules (colour contrast included) on the screen as it is now. */
async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`Accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('login page, also with an error shown', async ({ page }) => {
      await page.goto('/rpc-app/reseller/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('textbox', { name: 'Email' }).fill('reseller@example.com');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong@1234');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoViolations(page);
    });

    test('reseller home', async ({ page }) => {
      await signInAsReseller(page, 'trial@example.com');
      await expect(page.getByRole('region', { name: 'Your plan' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('partner dashboard', async ({ page }) => {
      await signInAsPartner(page, 'demopartner');
      await expect(page.getByRole('region', { name: 'Your tracking links' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('partner approval page', async ({ page }) => {
      await signInAsPartner(page, 'newpartner');
      await expect(page.getByText('What happens next')).toBeVisible();
      await expectNoViolations(page);
    });

    test('error screen', async ({ page }) => {
      await page.goto('/rpc-app/no/such/page');
      await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
