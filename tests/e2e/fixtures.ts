import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { SELECT_USERNAME_STEP, TWOFA_LOGIN_STEP } from '../../src/domain/api/two-factor-step';
import { storageKeys } from '../../src/domain/constants';
import { PRODUCT_TYPE_KEY } from '../../src/lib/session/product-type';

export const DEMO_PASSWORD = 'Demo@1234';
export const PRODUCT = 'RemotePC';

/**
 * Every test fails on a console error or an uncaught exception. The browser's own "Failed to
 * load resource" lines are left out: a 401 for a wrong password is an expected answer.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The console's e-mail and password fields (the password's toggle is a separate button). */
export function resellerLoginFields(page: Page) {
  return {
    email: page.getByRole('textbox', { name: 'Email' }),
    password: page.getByRole('textbox', { name: 'Password', exact: true }),
    submit: page.getByRole('button', { name: 'Sign in' }),
  };
}

/**
 * Signs in through the API, as the sign-in form would, and opens `landing` (the console's home
 * by default). The sign-in form itself is driven by the sign-in specs (reseller-session,
 * reseller-sign-in-cases, sign-in-return, trusted-browser); here it would cost every other test
 * two page loads it does not test, the larger part of a short test's CPU.
 */
export async function signInAsReseller(
  page: Page,
  email = 'reseller@example.com',
  landing = '/rpc-app/home',
): Promise<void> {
  // A response of the console's origin to write the flags the form's success writes (spec section
  // 4); the health answer is a small JSON document, with no script to run.
  await page.goto('/rpc-api/health');
  await page.request.post('/rpc-api/csrf');
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const response = await page.request.post('/rpc-api/reseller/user_signin', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
    data: { username: email, password: DEMO_PASSWORD },
  });
  const body = (await response.json()) as { message?: { next?: string } };
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  // A second factor or a username choice: the form's steps, which their own specs drive.
  expect([TWOFA_LOGIN_STEP, SELECT_USERNAME_STEP], `${email} needs no further step`).not.toContain(
    body.message?.next,
  );
  await page.evaluate(
    ({ productTypeKey, signedInKey }) => {
      localStorage.setItem(productTypeKey, 'reseller');
      localStorage.setItem(signedInKey, 'true');
    },
    { productTypeKey: PRODUCT_TYPE_KEY, signedInKey: storageKeys.resellerSignedIn },
  );
  await page.goto(landing);
  await expect(page).toHaveURL(new RegExp(`${landing.replace(/[?]/g, '\\?')}$`));
}

/** Signs in on the server's partner programme page, as a partner would. */
export async function signInAsPartner(page: Page, username: string): Promise<void> {
  await page.goto('/partner/');
  await page.getByLabel('Partner ID or Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * True when the page is wider than the viewport (something would scroll sideways). It measures
 * once the finite CSS transitions have ended: right after a resize to phone width, the AppShell
 * is still sliding its navbar away, and the content stays offset by it for those 200 ms.
 */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  await settleAnimations(page);
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** Waits for the finite CSS transitions and animations running now (a dialog's fade-in, say). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const settling = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.allSettled(settling.map((animation) => animation.finished));
  });
}

/**
 * The WCAG 2.1 A and AA violations (colour contrast included) of the screen as it rests, one line
 * each. It scans once transitions have ended: caught half-way through its fade-in, a dialog's
 * text is partly transparent and fails colour contrast, which happened on a loaded CI runner.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // One axe.run in the page. The default mode runs axe in each frame, then opens a new page to
    // merge the results: a renderer process per scan, for a console that has no frames (44
    // routes scanned: 159 s in the default mode, 125 s in this one, the same violations found).
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}) ${violation.nodes[0]?.any[0]?.message ?? ''}`,
  );
}

/** Waits until this page's service worker is activated (ready can resolve while activating). */
export async function waitForActivatedWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker || worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
  // The worker claims the page when it activates (src/sw/sw.ts).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Waits until the offline store holds an answer of `kind` (src/offline/db.ts). A report's answer is
 * stored just after it is painted, so a test that cuts the network right after seeing it could
 * otherwise reload before anything was saved (a user that quick sees "Needs a connection").
 */
export async function waitForStoredSnapshot(page: Page, kind: string): Promise<void> {
  const isStored = () =>
    page.evaluate(async (wanted) => {
      // Opening a database that does not exist would create it, empty, before Dexie does.
      const names = (await indexedDB.databases()).map((database) => database.name);
      if (!names.includes('rpc-offline')) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open('rpc-offline');
        open.onerror = () => {
          resolve(false);
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) {
            db.close();
            resolve(false);
            return;
          }
          const all = db.transaction('snapshots').objectStore('snapshots').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { kind: string }[]).some((row) => row.kind === wanted));
          };
          all.onerror = () => {
            db.close();
            resolve(false);
          };
        };
      });
    }, kind);
  await expect.poll(isStored).toBe(true);
}
