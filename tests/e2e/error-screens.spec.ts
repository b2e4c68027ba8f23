import { expect, PRODUCT, signInAsReseller, test } from './fixtures';

test.describe('Error screen', () => {
  test('an unknown route shows "Oops!" and "Not Found"', async ({ page }) => {
    await page.goto('/rpc-app/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops!', level: 1 })).toBeVisible();
    await expect(page.getByText('Not Found')).toBeVisible();
    const back = page.getByRole('link', { name: `Take me back to ${PRODUCT} Reseller Homepage` });
    await expect(back).toHaveAttribute('href', '/rpc-app/reseller/login');
    await back.click();
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login$/);
  });

  test('signed in, the link goes to the reseller home', async ({ page }) => {
    await signInAsReseller(page);
    await page.goto('/rpc-app/no/such/page');
    await expect(
      page.getByRole('link', { name: `Take me back to ${PRODUCT} Reseller Homepage` }),
    ).toHaveAttribute('href', '/rpc-app/home');
  });
});

test.describe('Link-expired screen', () => {
  test('shows "Oops! The link has expired." and the link back', async ({ page }) => {
    await page.goto('/rpc-app/reseller/addUser/linkExpired');
    await expect(
      page.getByRole('heading', { name: 'Oops! The link has expired.', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: `Take me back to ${PRODUCT} Reseller Homepage` }),
    ).toBeVisible();
  });
});
