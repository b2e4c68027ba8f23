import { expect, signInAsReseller, test } from './fixtures';

/**
 * Navigation follows the role table the server enforces (src/domain/api/reseller-users.ts): a
 * user never sees an entry point to a screen they cannot use (issue 23).
 */
const cases = [
  {
    email: 'reseller@example.com',
    nav: [
      'Home',
      'Users',
      'Teams',
      'Cancelled users',
      'Computers',
      'Invoices',
      'Transactions',
      'Activity Log',
      'Account',
      'Two-factor authentication',
    ],
    tabs: [
      'Settings',
      'Profile',
      'Upgrade',
      'Billing Information',
      'API Keys',
      'Single sign-on',
      'Sessions',
    ],
  },
  {
    email: 'subadmin@example.com',
    nav: [
      'Home',
      'Users',
      'Teams',
      'Cancelled users',
      'Computers',
      'Activity Log',
      'Account',
      'Two-factor authentication',
    ],
    tabs: ['Settings', 'Profile', 'Sessions'],
  },
  {
    email: 'subuser@example.com',
    nav: ['Home', 'Computers', 'Activity Log', 'Account', 'Two-factor authentication'],
    tabs: ['Settings', 'Profile', 'Sessions'],
  },
];

test.describe('Navigation by role', () => {
  for (const { email, nav, tabs } of cases) {
    test(`${email} sees exactly the screens the role table gives`, async ({ page }) => {
      await signInAsReseller(page, email);
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(navigation.getByRole('link')).toHaveText(nav);
      await page.goto('/rpc-app/account');
      const accountTabs = page.getByRole('navigation', { name: 'Account' });
      await expect(accountTabs.getByRole('link')).toHaveText(tabs);
      if (!tabs.includes('Upgrade')) {
        // No screen offers a way into billing: the home page and settings have no such link.
        await page.goto('/rpc-app/home');
        await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
        await expect(page.getByRole('link', { name: /upgrade|invoice|billing/i })).toHaveCount(0);
      }
    });
  }
});
