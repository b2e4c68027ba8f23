// Bundle figures, shared by `npm run bench` (prints them) and tests/e2e/bundle-budget.spec.ts
// (enforces the budgets): gzip sizes of the built chunks, of the precache, and of the JavaScript
// the sign-in page loads before it is interactive, of each route's scripts before its first paint;
// and the Mantine stylesheets the build lacks.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 10's budgets, in KB (gzip for JavaScript); issue 21 lowered the sign-in page's to 130. */
export const BUDGETS = { signInKb: 130, chunkKb: 100, precacheKb: 2048 };

export const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** Every JavaScript chunk of the build with its gzip size, largest first. */
export function chunkSizes(distDir) {
  const assets = join(distDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, kb: gzipKb(join(assets, name)) }))
    .sort((a, b) => b.kb - a.kb);
}

/**
 * Each route's JavaScript before its first paint, gzip: the page's own scripts (index.html: the
 * runtime, React DOM, the start-up) and the chunks the server lists for the route as
 * modulepreload (route-preloads.json, from scripts/vite-route-preloads.ts), each file once.
 * Largest first.
 */
export function routeScripts(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+src="[^"]*\/(assets\/[^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const routes = JSON.parse(readFileSync(join(distDir, 'route-preloads.json'), 'utf8'));
  const kbOf = new Map();
  const sizeOf = (path) => {
    if (!kbOf.has(path)) kbOf.set(path, gzipKb(join(distDir, path)));
    return kbOf.get(path);
  };
  return routes
    .map(({ path, scripts }) => {
      const files = [...new Set([...entry, ...scripts])];
      const kb = files.reduce((sum, file) => sum + sizeOf(file), 0);
      return { path, scripts: files, kb };
    })
    .sort((a, b) => b.kb - a.kb);
}

/**
 * The service worker's precache: its entries, their size on disk and what installing it
 * downloads (the server sends the build's Brotli copies, see scripts/compress-build.mjs), in KB.
 */
export function precacheFigures(distDir) {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
  const sizeOf = (path) => (existsSync(path) ? statSync(path).size : undefined);
  let diskBytes = 0;
  let downloadBytes = 0;
  for (const url of urls) {
    const file = join(distDir, url);
    const size = sizeOf(file) ?? 0;
    diskBytes += size;
    downloadBytes += sizeOf(`${file}.br`) ?? size;
  }
  return { entries: urls.length, diskKb: diskBytes / 1024, downloadKb: downloadBytes / 1024 };
}

/** Mantine's own class names, as its components' JavaScript and stylesheets spell them. */
const mantineClasses = (text) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);

/**
 * The Mantine component stylesheets the build is missing: those defining a class the built
 * JavaScript uses that no built stylesheet defines (src/app/mantine-styles.ts imports them one
 * by one). Each name is a file of @mantine/core/styles/.
 */
export function missingMantineStyles(distDir, mantineDir = 'node_modules/@mantine/core') {
  const assets = join(distDir, 'assets');
  const read = (ext) =>
    readdirSync(assets)
      .filter((name) => name.endsWith(ext))
      .map((name) => readFileSync(join(assets, name), 'utf8'))
      .join('\n');
  const defined = mantineClasses(read('.css'));
  const missing = [...mantineClasses(read('.js'))].filter((name) => !defined.has(name));
  const stylesDir = join(mantineDir, 'styles');
  return readdirSync(stylesDir)
    .filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))
    .filter((name) => {
      const classes = mantineClasses(readFileSync(join(stylesDir, name), 'utf8'));
      return missing.some((cls) => classes.has(cls));
    });
}

/**
 * Opens the sign-in page in `page` (a Playwright page) and lists the scripts whose download
 * started before the "Sign in" button was on the page, with their gzip sizes. The moment is
 * taken in the page itself (a MutationObserver), so later requests are not counted.
 */
export async function signInScripts(page, baseUrl, distDir) {
  await page.addInitScript(() => {
    const seen = () => {
      const found = [...document.querySelectorAll('button')].some(
        (button) => button.textContent?.trim() === 'Sign in',
      );
      if (found && window.__interactiveAt === undefined) window.__interactiveAt = performance.now();
      return found;
    };
    new MutationObserver((_, observer) => {
      if (seen()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${baseUrl}/rpc-app/reseller/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const paths = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js') && entry.startTime <= window.__interactiveAt)
      .map((entry) => new URL(entry.name).pathname),
  );
  return [...new Set(paths)].sort().map((path) => ({
    path,
    kb: gzipKb(join(distDir, path.replace(/^\/rpc-app\//, ''))),
  }));
}
