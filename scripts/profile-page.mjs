// Where a signed-in page's main thread goes while it loads, as a phone would feel it: the built
// console (BUILD_DIR, as for the browser tests) on a fresh demo database, Chromium at 4× CPU
// throttling with a cold HTTP cache, V8's sampling profiler over the load and the next six
// seconds. Prints the busy time by package (or source file of ours), mapped back through the
// build's source maps, then each long task (over 50 ms: what blocking time counts) with its
// owners and when it ran. Lighthouse says how much blocking time a page has; this says whose.
//
//   node scripts/profile-page.mjs [/rpc-app/partner/dashboard]   (reseller pages: /rpc-app/home…)
//   PROFILE_OUT=<file.cpuprofile> also keeps the raw profile (Chrome DevTools opens it).
//   PROFILE_DESKTOP=1: a 1350×940 window and no CPU throttling, as Lighthouse's desktop preset.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { assertPortsFree, waitFor } from './bench-server.mjs';
import { chromiumPath } from './chromium-path.mjs';

const path = process.argv[2] ?? '/rpc-app/partner/dashboard';
const distDir = join(process.env.BUILD_DIR ?? '.', 'dist');
const port = process.env.PROFILE_PORT ?? '18301';
const desktop = process.env.PROFILE_DESKTOP === '1';
const throttling = desktop ? 1 : 4;
const base = `http://127.0.0.1:${port}`;

async function signIn(page) {
  if (path.startsWith('/rpc-app/partner/')) {
    await page.goto(`${base}/partner/`);
    await page.getByLabel('Partner ID or Email').fill('demopartner');
  } else {
    await page.goto(`${base}/rpc-app/reseller/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill('reseller@example.com');
  }
  // The reseller form's password field has a "show" button that carries the word too.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/rpc-app\/(home|partner\/dashboard)$/);
}

/**
 * The page's load profiled: 4× slower CPU, no HTTP cache, 200 µs sampling; with a trace of the
 * main thread's tasks (V8's profile does not say where one task ends and the next begins).
 */
async function profileLoad() {
  await assertPortsFree(port);
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, E2E_PORT: port },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    await waitFor(base);
    const context = await browser.newContext({
      viewport: desktop ? { width: 1350, height: 940 } : { width: 412, height: 823 },
    });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline' });
    await cdp.send('Profiler.start');
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(6000);
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Tracing.end');
    await traced;
    return { profile, events };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

const maps = new Map();
/** The source map of a built asset, or null (the bundler's runtime has none). */
function mapOf(url) {
  const file = join(distDir, url.replace(/^.*\/rpc-app\//, ''));
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file);
}

/** A package (node_modules/x, or @scope/x) or one of our source files; else the frame's name. */
function ownerOf(callFrame) {
  const map = callFrame.url.includes('/assets/') ? mapOf(callFrame.url) : null;
  if (!map) return callFrame.functionName || callFrame.url || '(native)';
  // Both are 0-based, as in the profile's call frames.
  const source = map.findEntry(callFrame.lineNumber, callFrame.columnNumber).originalSource;
  if (!source) return '(unmapped)';
  const inPackage = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  return inPackage ? inPackage[1] : source.replace(/^.*?src\//, 'src/');
}

/** The page's main thread (the busiest renderer thread), its tasks and navigation start. */
function mainThreadOf(events) {
  const tasks = new Map();
  for (const event of events) {
    if (event.name !== 'ThreadControllerImpl::RunTask' || !event.dur) continue;
    const thread = `${event.pid}:${event.tid}`;
    tasks.set(thread, [...(tasks.get(thread) ?? []), event]);
  }
  const busyTime = (list) => list.reduce((sum, task) => sum + task.dur, 0);
  const [thread, list] = [...tasks].sort((a, b) => busyTime(b[1]) - busyTime(a[1]))[0];
  const pid = Number(thread.split(':')[0]);
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts;
  const largest = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === pid)
    .at(-1)?.ts;
  return { tasks: list, start: start ?? list[0].ts, paint, largest };
}

/** Each task over 50 ms, its three largest owners, and what the tasks after the first paint block. */
function printLongTasks(profile, events) {
  const { tasks, start, paint, largest } = mainThreadOf(events);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const ms = (ts) => ((ts - start) / 1000).toFixed(0);
  if (paint) console.log(`first contentful paint at ${ms(paint)} ms, largest at ${ms(largest)} ms`);
  let blocking = 0;
  for (const task of tasks.filter((t) => t.dur > 50_000 && t.ts + t.dur <= profile.endTime)) {
    const owners = new Map();
    let time = profile.startTime;
    profile.samples.forEach((id, i) => {
      time += profile.timeDeltas[i];
      if (time < task.ts || time > task.ts + task.dur) return;
      const owner = ownerOf(nodes.get(id).callFrame);
      owners.set(owner, (owners.get(owner) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    });
    const top = [...owners].sort((a, b) => b[1] - a[1]).slice(0, 3);
    const afterPaint = paint !== undefined && task.ts > paint;
    if (afterPaint) blocking += task.dur / 1000 - 50;
    console.log(
      `  at ${ms(task.ts).padStart(5)} ms  ${(task.dur / 1000).toFixed(0).padStart(4)} ms` +
        `${afterPaint ? ' (after the first paint)' : ''}: ` +
        top.map(([owner, busy]) => `${owner} ${busy.toFixed(0)}`).join(', '),
    );
  }
  console.log(`blocking time after the first paint (over 50 ms a task): ${blocking.toFixed(0)} ms`);
}

const { profile, events } = await profileLoad();
if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const busy = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const { callFrame } = nodes.get(id);
  if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') return;
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  total += ms;
  const owner = ownerOf(callFrame);
  busy.set(owner, (busy.get(owner) ?? 0) + ms);
});
console.log(
  `${path}: ${total.toFixed(0)} ms of main thread at ${throttling}× throttling, by owner`,
);
for (const [owner, ms] of [...busy].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${owner}`);
}
console.log(`long tasks at ${throttling}× throttling:`);
printLongTasks(profile, events);
