import type { CDPSession, Page } from '@playwright/test';
import { expect, signInAsPartner, signInAsReseller, test } from './fixtures';

/**
 * Chrome's own issue reports (DevTools' Issues panel, which Lighthouse's best-practices audit
 * reads): CSP violations, cookie and mixed-content problems. They are not console errors, so the
 * fixtures' console check does not see them.
 */
async function collectIssues(page: Page): Promise<{ issues: string[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    // Chrome's advice that reading document.cookie is slow (the CSRF token is read per call):
    // a hint, not a problem the Issues panel or Lighthouse counts.
    if (issue.code === 'PerformanceIssue') return;
    issues.push(`${issue.code}: ${JSON.stringify(issue.details).slice(0, 300)}`);
  });
  await cdp.send('Audits.enable');
  return { issues, cdp };
}

test('the reseller home and invoice list raise no browser issues (no CSP eval probe)', async ({
  page,
}) => {
  const { issues } = await collectIssues(page);
  await signInAsReseller(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/rpc-app/invoice');
  await expect(page.getByRole('table')).toBeVisible();
  expect(issues).toEqual([]);
});

test('the partner dashboard raises no browser issues', async ({ page }) => {
  const { issues } = await collectIssues(page);
  await signInAsPartner(page, 'demopartner');
  await expect(page.getByRole('region', { name: 'This month' })).toBeVisible();
  expect(issues).toEqual([]);
});
