// Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the console build, for
// @fastify/static's `preCompressed` option: the server sends the smallest encoding the browser
// accepts without compressing on each request. node:zlib does it in a few lines, so no plugin.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(process.env.BUILD_DIR ?? '.', 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  // The service worker script stays uncompressed: the browser fetches it only to compare it byte
  // for byte on update checks, and a stale .br beside a replaced sw.js would hide the new version.
  if (!TEXT.test(path) || path.endsWith('/sw.js')) continue;
  const source = readFileSync(path);
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gzip = gzipSync(source, { level: 9 });
  // Tiny files do not shrink; the server then sends the original.
  if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
  count += 1;
}
console.log(`compressed ${count} files in ${dist}/ (.br and .gz)`);
