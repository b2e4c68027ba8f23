// `npm run bench`: performance figures, printed (never asserted here).
// Bundle: the gzip size of every JavaScript file the sign-in page loads before it is interactive,
// measured by loading the page in Chromium against the built server, and the size of every chunk.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

if (process.argv[2] === 'api') {
  await import('./bench-api.mjs');
  process.exit(0);
}
if (process.argv[2] === 'users') {
  await import('./bench-users.mjs');
  process.exit(0);
}
if (process.argv[2] === 'soak') {
  await import('./bench-soak.mjs');
  process.exit(0);
}

const BUDGET_SIGNIN_KB = 150;
const BUDGET_CHUNK_KB = 100;
const port = '18095';
const base = `http://127.0.0.1:${port}`;

if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

async function waitForServer() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/rpc-api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  env: { ...process.env, E2E_PORT: port },
  stdio: 'ignore',
});
try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const scripts = new Set();
  let isInteractive = false;
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !isInteractive) {
      scripts.add(new URL(request.url()).pathname);
    }
  });
  await page.goto(`${base}/rpc-app/reseller/login`, { waitUntil: 'commit' });
  // Interactive: the sign-in button is on screen. Chunks requested after that (the toast
  // container, prefetches) are not part of the cost of reaching it.
  await page
    .getByRole('button', { name: /sign in|log in/i })
    .first()
    .waitFor();
  isInteractive = true;
  await browser.close();

  let total = 0;
  console.log('\nSign-in page: JavaScript loaded before it is interactive (gzip)');
  for (const path of [...scripts].sort()) {
    const file = join('dist', path.replace(/^\/rpc-app\//, ''));
    const kb = existsSync(file) ? gzipKb(file) : 0;
    total += kb;
    console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${path}`);
  }
  console.log(
    `  ${total.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_SIGNIN_KB} KB: ${total <= BUDGET_SIGNIN_KB ? 'within' : 'OVER'})`,
  );

  console.log('\nEvery chunk (gzip)');
  const chunks = readdirSync('dist/assets')
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, kb: gzipKb(join('dist/assets', f)) }))
    .sort((a, b) => b.kb - a.kb);
  for (const { f, kb } of chunks) {
    console.log(
      `  ${kb.toFixed(1).padStart(7)} KB  ${f}${kb > BUDGET_CHUNK_KB ? '  (over the 100 KB chunk budget)' : ''}`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
