// `npm run bench`: performance figures, printed (never asserted here).
// Bundle: the gzip size of every JavaScript file the sign-in page loads before it is interactive,
// measured by loading the page in Chromium against the built server, and the size of every chunk.
// Offline: the cached shell and the offline activity log (scripts/bench-offline.mjs); alone:
// `-- offline`.
// Lighthouse: four pages, desktop and mobile, over HTTP/1.1 and over HTTPS with HTTP/2
// (scripts/bench-lighthouse.mjs); alone: `-- lighthouse`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { printLighthouseFigures } from './bench-lighthouse.mjs';
import { printOfflineFigures } from './bench-offline.mjs';
import { chromiumPath } from './chromium-path.mjs';
import { assertPortsFree, waitFor } from './bench-server.mjs';
import {
  BUDGETS,
  chunkSizes,
  precacheFigures,
  routeScripts,
  signInScripts,
} from './bundle-figures.mjs';

if (process.argv[2] === 'api') {
  await import('./bench-api.mjs');
  process.exit(0);
}
if (process.argv[2] === 'users') {
  await import('./bench-users.mjs');
  process.exit(0);
}
if (process.argv[2] === 'cluster') {
  const { spawnSync } = await import('node:child_process');
  const ensured = spawnSync(process.execPath, ['scripts/ensure-haproxy.mjs'], { stdio: 'inherit' });
  if (ensured.status !== 0) process.exit(1);
  const run = spawnSync('npx', ['tsx', 'scripts/bench-cluster.ts'], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
if (process.argv[2] === 'compare') {
  await import('./bench-compare.mjs');
  process.exit(0);
}
if (process.argv[2] === 'soak') {
  await import('./bench-soak.mjs');
  process.exit(0);
}

// The rest drives Chromium: the one the test command installs (installed here too when missing).
{
  const { spawnSync } = await import('node:child_process');
  const ensured = spawnSync(process.execPath, ['scripts/ensure-chromium.mjs'], {
    stdio: 'inherit',
  });
  if (ensured.status !== 0) process.exit(1);
}

// BENCH_PORT: another port (HTTPS uses the next one), e.g. when several benches share a machine.
const port = process.env.BENCH_PORT ?? '18095';
const tlsPort = String(Number(port) + 1);
const base = `http://127.0.0.1:${port}`;

// BUILD_DIR: the build to measure, as for the browser tests.
const buildDir = process.env.BUILD_DIR ?? '.';
const distDir = join(buildDir, 'dist');
if (
  !existsSync(join(distDir, 'index.html')) ||
  !existsSync(join(buildDir, 'dist-server/main.js'))
) {
  console.error('Build first: npm run build');
  process.exit(1);
}
// `npx vite build` alone writes no compressed copies (scripts/compress-build.mjs): the server then
// sends every script uncompressed, and Lighthouse measures a first paint seconds later than the
// console's. The build the server sends is `npm run build`'s.
if (!existsSync(join(distDir, 'index.html.br'))) {
  console.error(`${distDir} has no compressed copies (index.html.br): build with npm run build`);
  process.exit(1);
}

await assertPortsFree(port, tlsPort);

// The built server of BUILD_DIR (e2e-server.mjs reads it too) on a fresh demo database.
const startServer = (serverPort = port, env = {}) =>
  spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, ...env, E2E_PORT: serverPort },
    stdio: 'ignore',
  });

/**
 * Lighthouse over plain HTTP/1.1 (`base`), then over HTTPS with HTTP/2, as the server answers
 * with a certificate (TLS_CERT_FILE) or behind a TLS proxy: a self-signed one made for the run.
 */
async function printLighthouseBoth() {
  await printLighthouseFigures(base, 'plain HTTP/1.1');
  const tlsBase = `https://127.0.0.1:${tlsPort}`;
  const tlsServer = startServer(tlsPort, { E2E_TLS: '1' });
  try {
    await waitFor(tlsBase);
    await printLighthouseFigures(tlsBase, 'HTTPS, HTTP/2');
  } finally {
    tlsServer.kill('SIGTERM');
  }
}

if (process.argv[2] === 'lighthouse') {
  const server = startServer();
  try {
    await waitFor(base);
    await printLighthouseBoth();
  } finally {
    server.kill('SIGTERM');
  }
  process.exit(0);
}

const launchChromium = () =>
  chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

if (process.argv[2] === 'offline') {
  const server = startServer();
  try {
    await waitFor(base);
    const browser = await launchChromium();
    await printOfflineFigures(browser, base);
    await browser.close();
  } finally {
    server.kill('SIGTERM');
  }
  process.exit(0);
}

const server = startServer();
try {
  await waitFor(base);
  const browser = await launchChromium();
  const scripts = await signInScripts(await browser.newPage(), base, distDir);

  const within = (kb, budget) => (kb <= budget ? 'within' : 'OVER');
  const total = scripts.reduce((sum, { kb }) => sum + kb, 0);
  console.log('\nSign-in page: JavaScript loaded before it is interactive (gzip)');
  for (const { path, kb } of scripts) console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${path}`);
  console.log(
    `  ${total.toFixed(1).padStart(7)} KB  total (budget ${BUDGETS.signInKb} KB: ${within(total, BUDGETS.signInKb)})`,
  );

  console.log('\nEach route: JavaScript before its first paint (gzip; the page and its preloads)');
  for (const { path, scripts: files, kb } of routeScripts(distDir)) {
    const count = String(files.length).padStart(2);
    console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${count} files  ${path}`);
  }

  console.log('\nEvery chunk (gzip)');
  for (const { name, kb } of chunkSizes(distDir)) {
    const over = kb > BUDGETS.chunkKb ? `  (over the ${BUDGETS.chunkKb} KB chunk budget)` : '';
    console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${name}${over}`);
  }
  const precache = precacheFigures(distDir);
  const mb = (kb) => (kb / 1024).toFixed(2);
  console.log(
    `\nPrecache: ${precache.entries} files, ${mb(precache.downloadKb)} MB to download (budget ${BUDGETS.precacheKb / 1024} MB: ${within(precache.downloadKb, BUDGETS.precacheKb)}), ${mb(precache.diskKb)} MB on disk`,
  );

  await printOfflineFigures(browser, base);
  await browser.close();
  await printLighthouseBoth();
} finally {
  server.kill('SIGTERM');
}
