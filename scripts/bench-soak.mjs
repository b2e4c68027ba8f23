// `npm run bench -- soak`: a bounded soak of the built server on SQLite. Signed-in reads
// (user_info, the user list, the activity log) in rotation for SOAK_SECONDS (default 120) at
// 20 connections, while the server's resident memory is sampled; prints the samples, the
// throughput and every failed request. Figures are printed, never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { assertPortsFree, signIn, waitFor } from './bench-server.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const port = 18098;
const base = `http://127.0.0.1:${port}`;
await assertPortsFree(port);
const dataDir = mkdtempSync(join(tmpdir(), 'rpc-soak-'));
const child = spawn(process.execPath, ['dist-server/main.js'], {
  stdio: 'ignore',
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
  },
});
const exited = new Promise((resolve) => child.once('exit', resolve));

/** Resident memory of the server process in MB, read from /proc (Linux). */
const rssMb = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

try {
  await waitFor(base);
  const cookie = await signIn(base, 'reseller');
  const samples = [{ at: 0, mb: rssMb() }];
  const started = Date.now();
  const sampler = setInterval(() => {
    samples.push({ at: Math.round((Date.now() - started) / 1000), mb: rssMb() });
  }, 10_000);
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: 20,
        duration: SECONDS,
        headers: { cookie },
        requests: [
          { method: 'GET', path: '/rpc-api/reseller/user_info' },
          { method: 'GET', path: '/rpc-api/reseller/user/get?page=2' },
          { method: 'GET', path: '/rpc-api/reseller/log/activity/get' },
        ],
      },
      (error, output) => (error ? reject(error) : resolve(output)),
    );
  });
  clearInterval(sampler);
  samples.push({ at: SECONDS, mb: rssMb() });
  const failed = result.errors + result.timeouts + (result.non2xx ?? 0);
  console.log(`Soak: ${SECONDS} s, 20 connections, signed-in reads in rotation (SQLite)`);
  console.log(
    `  ${result.requests.total} requests, ${(result.requests.total / result.duration).toFixed(0)} req/s, p99 ${result.latency.p99} ms, failed ${failed}`,
  );
  console.log(
    `  server memory (RSS): ${samples.map((s) => `${s.at}s ${s.mb.toFixed(0)} MB`).join(', ')}`,
  );
} finally {
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
