import type { Browser, ConsoleMessage, Page, Request, Response } from '@playwright/test';
import { paths } from '../../src/lib/paths';
import {
  axeViolations,
  expect,
  hasHorizontalScroll,
  signInAsPartner,
  signInAsReseller,
  test,
} from './fixtures';

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

/**
 * One signed-in page per visitor and viewport, kept for the whole sweep: each route then costs a
 * page load, not a sign-in (argon2 on the server, two page loads). Each has its own context, so
 * the fixture's page stays anonymous; a failed test restarts the worker, and with it this cache.
 */
const signedInPages = new Map<string, Page>();

async function signedInPage(browser: Browser, visitor: Visitor, width: number, height: number) {
  const key = `${visitor}@${String(width)}`;
  const cached = signedInPages.get(key);
  if (cached && !cached.isClosed()) return cached;
  // Signed-in screens are swept under the service worker, as they are used. The anonymous ones
  // get a fresh page each, where installing it (the whole precache) would cost more than the test.
  const context = await browser.newContext({
    viewport: { width, height },
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await signIn(page, visitor);
  signedInPages.set(key, page);
  return page;
}

/** Collects a page's failed or 5xx requests and console errors until `stop`. */
function watch(target: Page) {
  const failures: string[] = [];
  const errors: string[] = [];
  const onRequestFailed = (request: Request) => {
    // A navigation the app replaces (a redirect) is aborted by design.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') {
      failures.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
    }
  };
  const onResponse = (response: Response) => {
    if (response.status() >= 500) failures.push(`${response.url()} ${response.status()}`);
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  };
  const onPageError = (error: Error) => errors.push(error.message);
  target.on('requestfailed', onRequestFailed);
  target.on('response', onResponse);
  target.on('console', onConsole);
  target.on('pageerror', onPageError);
  const stop = () => {
    target.off('requestfailed', onRequestFailed);
    target.off('response', onResponse);
    target.off('console', onConsole);
    target.off('pageerror', onPageError);
  };
  return { failures, errors, stop };
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
        const target =
          visitor === 'anonymous'
            ? page
            : await signedInPage(browser, visitor, viewport.width, viewport.height);
        const { failures, errors, stop } = watch(target);
        try {
          await target.goto(`/rpc-app${await concretePath(target, paths[name])}`);
          // Not 'networkidle': the console keeps a periodic session check running.
          await target.waitForLoadState('load');
          // A generous wait for the first render: this checks what the screen shows, not how fast
          // (the bench measures that), and a loaded runner can take seconds to start a page.
          await expect(target.locator('main, [role="main"]').first()).toBeVisible({
            timeout: 20_000,
          });
          // Skeletons and spinners gone: the screen shows its data (or its empty/error state).
          await expect(target.locator('[aria-busy="true"]')).toHaveCount(0);
          await expect(target.locator('.mantine-Loader-root')).toHaveCount(0);

          expect(failures, 'failed requests').toEqual([]);
          expect(errors, 'console errors').toEqual([]);
          if (viewport.width < 500) {
            expect(await hasHorizontalScroll(target), 'sideways scroll').toBe(false);
          }
          expect(await axeViolations(target), 'axe violations').toEqual([]);
        } finally {
          stop();
        }
      });
    }
  });
}
