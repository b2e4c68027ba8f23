// Bundles the server's TypeScript (and the shared rule book) into dist-server/ for `npm run serve`.
// Dependencies stay external: they are installed in node_modules next to it.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

// BUILD_DIR lets several builds live side by side (e.g. parallel browser-test runs).
const out = `${process.env.BUILD_DIR ?? '.'}/dist-server`;
rmSync(out, { recursive: true, force: true });
await build({
  // The server, and the operators' jobs command (the cluster suite runs it beside the instances).
  entryPoints: { main: 'server/main.ts', jobs: 'server/cli/jobs.ts' },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/pages', `${out}/pages`, { recursive: true });
console.log(`server built into ${out}/`);
