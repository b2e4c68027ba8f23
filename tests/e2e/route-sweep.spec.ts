import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { paths } from '../../src/lib/paths';
import { expect, hasHorizontalScroll, signInAsPartner, signInAsReseller, test } from './fixtures';

/*
 * Every console route (read from src/lib/paths.ts, which the route tree is built from), at
 * desktop and phone sizes, as the account kind that uses it: no console errors (the fixture), no
 * failed or 5xx requests, no sideways scroll on the phone, no axe WCAG 2.1 AA violation. A path
 * added to `paths` is swept without editing this file; one this file cannot place fails it.
 */

type Visitor = 'anonymous' | 'reseller' | 'partner' | 'pendingPartner';

/** Paths whose screen belongs to someone other than the default for their prefix. */
const VISITOR_OF: Partial<Record<keyof typeof paths, Visitor>> = {
  root: 'anonymous',
  resellerLogin: 'anonymous',
  resellerForgotPassword: 'anonymous',
  resellerResetPassword: 'anonymous',
  linkExpired: 'anonymous',
  resellerConfirmEmail: 'anonymous',
  resellerSignup: 'anonymous',
  registrationVerify: 'anonymous',
  chromebookCaptcha: 'anonymous',
  chromebookCaptchaResponse: 'anonymous',
  invitedSignup: 'anonymous',
  partnerSignup: 'anonymous',
  partnerSignupW9: 'anonymous',
  partnerForgotPassword: 'anonymous',
  partnerResetPassword: 'anonymous',
  partnerApproval: 'pendingPartner',
};

const visitorOf = (name: keyof typeof paths): Visitor =>
  VISITOR_OF[name] ?? (paths[name].startsWith('/partner/') ? 'partner' : 'reseller');

/** Route parameters, filled from the demo data the signed-in visitor can see. */
async function concretePath(page: Page, path: string): Promise<string> {
  if (!path.includes(':')) return path;
  if (path === paths.invoiceDetail) {
    const response = await page.request.get('/rpc-api/reseller/ecom/invoices');
    const body = (await response.json()) as { message: { items: { id: string }[] } };
    const id = body.message.items[0]?.id;
    if (!id) throw new Error('the demo reseller has no invoice');
    return path.replace(':invoiceID', id);
  }
  throw new Error(`The sweep does not know how to fill the parameters of ${path}`);
}

async function signIn(page: Page, visitor: Visitor): Promise<void> {
  if (visitor === 'reseller') await signInAsReseller(page);
  if (visitor === 'partner') {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/partner\/dashboard/);
  }
  if (visitor === 'pendingPartner') {
    await signInAsPartner(page, 'newpartner');
    await expect(page).toHaveURL(/\/partner\/approvalPage/);
  }
}

async function newSignedInPage(browser: Browser, visitor: Visitor, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, visitor);
  return page;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`Every route at ${String(viewport.width)} px`, () => {
    test.use({ viewport });

    for (const name of Object.keys(paths) as (keyof typeof paths)[]) {
      const visitor = visitorOf(name);
      test(`${paths[name]} as ${visitor}`, async ({ page, browser }) => {
        // Signed-in visitors get their own context, so the fixture's page stays anonymous.
        const target =
          visitor === 'anonymous'
            ? page
            : await newSignedInPage(browser, visitor, viewport.width, viewport.height);
        const failures: string[] = [];
        target.on('requestfailed', (request) => {
          // A navigation the app replaces (a redirect) is aborted by design.
          if (request.failure()?.errorText !== 'net::ERR_ABORTED') {
            failures.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
          }
        });
        target.on('response', (response) => {
          if (response.status() >= 500) failures.push(`${response.url()} ${response.status()}`);
        });
        const errors: string[] = [];
        target.on('console', (message) => {
          if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
            errors.push(message.text());
          }
        });
        target.on('pageerror', (error) => errors.push(error.message));

        await target.goto(`/rpc-app${await concretePath(target, paths[name])}`);
        // Not 'networkidle': the console keeps a periodic session check running.
        await target.waitForLoadState('load');
        await expect(target.locator('main, [role="main"]').first()).toBeVisible();
        // Skeletons and spinners gone: the screen shows its data (or its empty/error state).
        await expect(target.locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(target.locator('.mantine-Loader-root')).toHaveCount(0);

        expect(failures, 'failed requests').toEqual([]);
        expect(errors, 'console errors').toEqual([]);
        if (viewport.width < 500) {
          expect(await hasHorizontalScroll(target), 'sideways scroll').toBe(false);
        }
        const results = await new AxeBuilder({ page: target })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(
          results.violations.map(
            (violation) =>
              `${violation.id}: ${violation.help} (${violation.nodes
                .slice(0, 3)
                .map((node) => node.target.join(' '))
                .join(', ')}) ${violation.nodes[0]?.any[0]?.message ?? ''}`,
          ),
          'axe violations',
        ).toEqual([]);
        if (target !== page) await target.context().close();
      });
    }
  });
}
