import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.mjs';

const port = process.env.E2E_PORT ?? '8090';
const baseURL = `http://127.0.0.1:${port}`;
/** A second server, over HTTPS with HTTP/2 (tests/e2e/https-http2.spec.ts). */
export const tlsPort = process.env.E2E_TLS_PORT ?? String(Number(port) + 1);
/**
 * Debian's "old headless" Chromium (package chromium-headless-shell): the same engine as the
 * chromium package without the browser's UI process, so each test costs less CPU (the four
 * busiest files took 237 s instead of 301 s on a two-CPU machine). Every script that drives a
 * browser takes the same (scripts/chromium-path.mjs).
 */
export { chromiumPath } from './scripts/chromium-path.mjs';

/**
 * Browser tests drive the built console and the real server (fresh SQLite database with demo
 * data) in Debian's Chromium. `npm run build` must have run first; `npm test` does that.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Parallel runs (one per BUILD_DIR) must not wipe each other's traces.
  outputDir: `${process.env.BUILD_DIR ?? '.'}/test-results`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // A hang, not speed (the bench measures speed): a test that signs in, lets the service worker
  // take over and switches the network took 20-30 s on a loaded two-CPU runner, and once ran out
  // of a 30 s limit in CI. Each expectation still waits at most 7 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace: each action's DOM snapshot, the network and the console.
    // Its screencast is left out: encoding frames on a software-rendered browser cost more CPU
    // than the tests themselves (two files: 218 busy core-seconds with it, 142 without, 133 with
    // no trace at all). The failure's final screenshot is still taken, below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // A fresh context's service worker precaches the whole console (every chunk) before the
    // test's first click, which cost more CPU than most tests themselves (the four busiest files:
    // 172 s with it blocked, 237 s without). It is blocked unless a test opts in: the offline
    // files, the HTTPS one and the route sweep's signed-in screens do.
    serviceWorkers: 'block',
    // The console honours "reduce motion" (theme.ts): dialogs, menus and the navbar then appear
    // without their transitions, which a software-rendered browser spent CPU on frame by frame
    // (three of the busiest files: 165 s instead of about 220 s). The accessibility and layout
    // files keep the motion on, so the animated screens stay tested.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${baseURL}/rpc-api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_PORT: port },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `https://127.0.0.1:${tlsPort}/rpc-api/health`,
      // Its certificate is self-signed, made by e2e-server.mjs for the run.
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_PORT: tlsPort, E2E_TLS: '1' },
    },
  ],
});
