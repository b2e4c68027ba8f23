// Lighthouse figures for `npm run bench` (issue 10): the sign-in page, the reseller home, the
// invoice list and the partner dashboard, with the desktop and the mobile (default) presets.
// Figures are printed against the targets, never asserted.
//
// Signed-in pages: the session lives in HttpOnly cookies, so we launch Chromium ourselves
// (chrome-launcher, which comes with Lighthouse), sign in through the UI in that browser with
// Playwright, disconnect Playwright (so it does not instrument Lighthouse's tabs) and run
// Lighthouse on the same browser. Lighthouse 12's storage reset clears the HTTP cache, the
// service worker and Cache Storage but not cookies, localStorage or IndexedDB: every page is
// measured with cold caches (no service worker answering) while the session survives.
//
// LIGHTHOUSE_REPORTS=<dir> also writes each run's JSON report there, to look at the audits.
// LIGHTHOUSE_PAGES=<words> measures only the pages whose name contains one of them
// (e.g. `LIGHTHOUSE_PAGES=partner`); LIGHTHOUSE_PRESETS=mobile (or desktop) runs only that preset.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './chromium-path.mjs';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const DEMO_PASSWORD = 'Demo@1234';

const PRESETS = [
  { name: 'desktop', config: desktopConfig, minPerformance: 95, maxLcpMs: 1500 },
  { name: 'mobile', config: undefined, minPerformance: 90 },
];

/** In order: the sign-in page first, while nobody is signed in. */
const PAGES = [
  { name: 'sign-in', path: '/rpc-app/reseller/login' },
  { name: 'reseller home', path: '/rpc-app/home', as: 'reseller' },
  { name: 'invoice list', path: '/rpc-app/invoice', as: 'reseller' },
  { name: 'partner dashboard', path: '/rpc-app/partner/dashboard', as: 'partner' },
];

/** Signs in through the UI, as tests/e2e/fixtures.ts does, in the browser at `port`. */
async function signIn(port, base, kind) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    if (kind === 'reseller') {
      await page.goto(`${base}/rpc-app/reseller/login`);
      await page.getByRole('textbox', { name: 'Email' }).fill('reseller@example.com');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/rpc-app\/home$/);
    } else {
      await page.goto(`${base}/partner/`);
      await page.getByLabel('Partner ID or Email').fill('demopartner');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/rpc-app\/partner\/dashboard$/);
    }
    await page.close();
  } finally {
    await browser.close(); // connected over CDP: this only disconnects
  }
}

/** One Lighthouse run; again once if the trace was broken (e.g. NO_NAVSTART: "run again"). */
async function run(url, port, config) {
  const flags = {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  };
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError || attempt === 2) return result.lhr;
  }
}

const mark = (ok) => (ok ? 'within' : 'MISSED');
const score = (lhr, id) => {
  const value = lhr.categories[id]?.score;
  return value == null ? null : Math.round(value * 100);
};
const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;
/** Audits of a category that did not pass (accessibility and best practices are pass/fail). */
const failing = (lhr, id) =>
  (lhr.categories[id]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);

function printRow(page, preset, lhr) {
  const perf = score(lhr, 'performance');
  const a11y = score(lhr, 'accessibility');
  const bp = score(lhr, 'best-practices');
  const lcp = numeric(lhr, 'largest-contentful-paint');
  const cell = (label, value, min) =>
    `${label} ${String(value ?? 'n/a').padStart(3)} ${mark((value ?? 0) >= min)}`;
  const lcpMark = preset.maxLcpMs ? ` ${mark(lcp < preset.maxLcpMs)}` : '';
  console.log(
    `  ${page.name.padEnd(18)} ${preset.name.padEnd(7)}  ` +
      [
        cell('perf', perf, preset.minPerformance),
        cell('a11y', a11y, 100),
        cell('bp', bp, 100),
        `LCP ${(lcp / 1000).toFixed(2)} s${lcpMark}`,
        `TBT ${Math.round(numeric(lhr, 'total-blocking-time'))} ms`,
        `CLS ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)}`,
        `FCP ${(numeric(lhr, 'first-contentful-paint') / 1000).toFixed(2)} s`,
        // Lighthouse's CPU benchmark: well under ~1000 means a slow or busy machine, which
        // inflates TBT and the simulated LCP; compare runs with similar indexes.
        `cpu ${Math.round(lhr.environment.benchmarkIndex)}`,
      ].join('  '),
  );
  // A redirect (e.g. to the sign-in page) would measure the wrong page: say so.
  if (!lhr.finalDisplayedUrl.endsWith(page.path)) {
    console.log(`    ended at ${lhr.finalDisplayedUrl}`);
  }
  if (lhr.runtimeError) console.log(`    error: ${lhr.runtimeError.message}`);
  for (const id of ['accessibility', 'best-practices']) {
    const ids = failing(lhr, id);
    if (ids.length > 0) console.log(`    ${id} failing: ${ids.join(', ')}`);
  }
}

/** `label` names the transport in the output; an https `base` uses the run's own certificate. */
export async function printLighthouseFigures(base, label = '') {
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  const isHttps = base.startsWith('https:');
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      // The bench's self-signed certificate (scripts/e2e-server.mjs makes one per run).
      ...(isHttps ? ['--ignore-certificate-errors'] : []),
    ],
  });
  try {
    let signedInAs;
    let header = false;
    const warnings = new Set();
    const only = process.env.LIGHTHOUSE_PAGES?.split(/[\s,]+/).filter(Boolean);
    const pages = only
      ? PAGES.filter((page) => only.some((word) => page.name.includes(word)))
      : PAGES;
    for (const page of pages) {
      if (page.as && page.as !== signedInAs) {
        await signIn(chrome.port, base, page.as);
        signedInAs = page.as;
      }
      const presetNames = process.env.LIGHTHOUSE_PRESETS?.split(/[\s,]+/).filter(Boolean);
      const presets = presetNames
        ? PRESETS.filter((preset) => presetNames.includes(preset.name))
        : PRESETS;
      for (const preset of presets) {
        const lhr = await run(`${base}${page.path}`, chrome.port, preset.config);
        for (const warning of lhr.runWarnings) warnings.add(warning);
        if (!header) {
          console.log(
            `\nLighthouse ${lhr.lighthouseVersion}${label ? `, ${label}` : ''} (${lhr.environment.hostUserAgent})`,
          );
          console.log(
            '  targets: perf >= 95 desktop, >= 90 mobile; a11y 100; bp 100; LCP < 1.5 s desktop',
          );
          header = true;
        }
        printRow(page, preset, lhr);
        if (reports) {
          const transport = isHttps ? '-h2' : '';
          const file = `${page.name.replace(/\W+/g, '-')}-${preset.name}${transport}.json`;
          writeFileSync(join(reports, file), JSON.stringify(lhr, null, 2));
        }
      }
    }
    for (const warning of warnings) console.log(`  Lighthouse warned: ${warning}`);
  } finally {
    chrome.kill();
  }
}
