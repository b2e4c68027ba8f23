// Offline figures for `npm run bench` (issue 9), measured in Chromium against the built server:
// - the cached shell: how long the sign-in page takes to be interactive when reloaded with no
//   network, answered by the service worker's precache;
// - the offline activity log over 10,000 entries stored in Dexie: storing them, then the first
//   rows painted for the default filters, a user filter, the last page and a sort by IP address,
//   and the same first rows read the way they were before IndexedDB filtered and paged
//   (scripts/bench-offline-harness.tsx, run on the console's origin).
// Alone: `npm run bench -- offline`.
import { build } from 'esbuild';

const RUNS = 5;
const ENTRIES = 10_000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Marks `window.__interactiveAt` when the "Sign in" button appears (ms since navigation). */
function markInteractive() {
  new MutationObserver((_, observer) => {
    const found = [...document.querySelectorAll('button')].some(
      (button) => button.textContent?.trim() === 'Sign in',
    );
    if (!found) return;
    window.__interactiveAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

async function cachedShellMs(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(markInteractive);
  await page.goto(`${base}/rpc-app/reseller/login`);
  // The worker installs after the first screen; the next load is the one it controls.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    times.push(await page.evaluate(() => window.__interactiveAt));
  }
  await context.close();
  return median(times);
}

async function harnessScript() {
  const result = await build({
    entryPoints: ['scripts/bench-offline-harness.tsx'],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

async function activityLogMs(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A page of the console's origin, so the harness uses the same IndexedDB as the console.
  const url = `${base}/rpc-app/__bench-offline`;
  const script = await harnessScript();
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body><script>${script}</script></body></html>`,
    }),
  );
  await page.goto(url);
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    runs.push(await page.evaluate((count) => window.benchActivityLog(count), ENTRIES));
  }
  await context.close();
  const medianOf = (key) => median(runs.map((run) => run[key]));
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, medianOf(key)]));
}

/** Prints the offline figures (medians of RUNS). */
export async function printOfflineFigures(browser, base) {
  const shell = await cachedShellMs(browser, base);
  const log = await activityLogMs(browser, base);
  const ms = (value) => `${value.toFixed(0).padStart(6)} ms`;
  console.log(`\nOffline (median of ${RUNS})`);
  console.log(`  ${ms(shell)}  cached shell: sign-in page interactive with no network`);
  console.log(
    `  ${ms(log.storeMs)}  store ${ENTRIES.toLocaleString('en-US')} activity-log entries in Dexie`,
  );
  console.log(`  ${ms(log.firstRowsMs)}  activity log: first 25 rows painted (default filters)`);
  console.log(`  ${ms(log.byUserMs)}  activity log: first rows filtered by one user of 40`);
  console.log(`  ${ms(log.lastPageMs)}  activity log: last page`);
  console.log(`  ${ms(log.byIpMs)}  activity log: first rows sorted by IP address`);
  console.log(
    `  ${ms(log.inMemoryMs)}  activity log: first rows as before (every entry read, filtered in memory)`,
  );
}
