// `npm run bench -- cluster`: one instance, then three behind HAProxy (deploy/haproxy.cfg), on one
// PostgreSQL, in one run: throughput and p99 of a public read and a signed-in read, side by side.
// Figures are printed, never asserted. Needs `npm run build` and HAProxy (the cluster suite's).
import { runFixedAmount, signIn, type FixedAmountResult } from './bench-server.mjs';
import { startCluster } from '../tests/cluster/harness';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

async function measure(url: string, headers: Record<string, string>): Promise<FixedAmountResult> {
  await runFixedAmount({ url, headers, amount: 2000, connections: CONNECTIONS });
  return runFixedAmount({ url, headers, amount: REQUESTS, connections: CONNECTIONS });
}

const cell = (r: FixedAmountResult) => {
  const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
  return `${r.perSecond.toFixed(0).padStart(6)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${String(errors)}`;
};

const cluster = await startCluster();
try {
  const direct = `http://127.0.0.1:${String(cluster.instances[0]?.port)}`;
  const cookie = await signIn(cluster.lbUrl, 'reseller');
  console.log(
    `Cluster: ${String(REQUESTS)} requests per target after 2000 to warm up, ${String(CONNECTIONS)} connections, loopback, PostgreSQL`,
  );
  console.log(`  ${''.padEnd(22)} ${'one instance'.padEnd(40)} three behind HAProxy`);
  for (const [name, path, headers] of [
    ['config (public read)', '/rpc-api/config', {}],
    ['user_info (signed in)', '/rpc-api/reseller/user_info', { cookie }],
  ] as const) {
    const one = await measure(direct + path, headers);
    const three = await measure(cluster.lbUrl + path, headers);
    console.log(`  ${name.padEnd(22)} ${cell(one).padEnd(40)} ${cell(three)}`);
  }
} finally {
  await cluster.close();
}
