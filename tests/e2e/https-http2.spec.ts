import { chromiumPath, tlsPort } from '../../playwright.config';
import { expect, signInAsReseller, test } from './fixtures';

// The same console served by the server itself over HTTPS (TLS_CERT_FILE, TLS_KEY_FILE), as a
// deployment with a certificate runs it: HTTP/2, Secure cookies, HSTS. Chromium accepts the
// run's self-signed certificate for the service worker too (a certificate error refuses to
// register one), as it would a real certificate.
test.use({
  baseURL: `https://127.0.0.1:${tlsPort}`,
  ignoreHTTPSErrors: true,
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  },
});

test('the console works over HTTPS with HTTP/2: sign-in, home, service worker, invoices', async ({
  page,
  context,
}) => {
  const first = await page.goto('/rpc-app/reseller/login');
  expect(first?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
  await signInAsReseller(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  const protocols = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((entry) => (entry as PerformanceResourceTiming).nextHopProtocol),
  );
  expect(protocols.length).toBeGreaterThan(5);
  expect(new Set(protocols)).toEqual(new Set(['h2']));

  const cookies = await context.cookies();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie, cookie.name).toMatchObject({ secure: true });

  // The installable app works here too: its service worker installs and activates.
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
  expect(['activating', 'activated']).toContain(state);

  await page.goto('/rpc-app/invoice');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
});
