import { expect, hasHorizontalScroll, signInAsPartner, signInAsReseller, test } from './fixtures';

// With the transitions on, as most people see the console (see playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test.describe('On a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the login page fits without sideways scrolling', async ({ page }) => {
    await page.goto('/rpc-app/reseller/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the reseller navigation collapses into a burger menu', async ({ page }) => {
    await signInAsReseller(page);
    await expect(page.getByRole('region', { name: 'Your plan' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const home = nav.getByRole('link', { name: 'Home' });
    await expect(home).not.toBeInViewport();
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.click();
    await expect(home).toBeInViewport();
    await home.click();
    await expect(home).not.toBeInViewport();
  });

  test('the partner dashboard fits without sideways scrolling', async ({ page }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page.getByRole('region', { name: 'Your tracking links' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});

test.describe('On a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the navigation is always shown and the burger is hidden', async ({ page }) => {
    await signInAsReseller(page);
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
  });
});
