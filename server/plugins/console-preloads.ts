import fs from 'node:fs';
import path from 'node:path';

/** One route of the build's `route-preloads.json` (scripts/vite-route-preloads.ts writes it). */
interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  /** Absent from builds before it. */
  prefetch?: string[];
}

/** How well a route's path matches a URL path: -1 for not at all, else its fixed segments. */
function matchScore(pattern: string, pathname: string): number {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return -1;
  let fixed = 0;
  for (const [index, segment] of wanted.entries()) {
    if (segment.startsWith(':')) continue;
    if (segment !== given[index]) return -1;
    fixed += 1;
  }
  return fixed;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The console's page for each route, with the route's chunks listed in its head
 * (`<link rel="modulepreload">`, and its stylesheets preloaded): the browser fetches them at the
 * start, side by side, instead of one import after another (issue 21). What a screen may import
 * later (its chart) is listed in a `<meta name="rpc-prefetch">`, for the screen to fetch when it
 * chooses. A path no route has, or a build without the list, gets the page as built. Pages are
 * made once per route and kept.
 */
export function consoleShells(staticDir: string, base: string): (pathname: string) => string {
  const shell = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const listFile = path.join(staticDir, 'route-preloads.json');
  const routes = fs.existsSync(listFile)
    ? (JSON.parse(fs.readFileSync(listFile, 'utf8')) as RoutePreload[])
    : [];
  const made = new Map<string, string>();

  const prefetchList = (files: string[]) => files.map((file) => base + file).join(' ');
  const pageFor = (route: RoutePreload): string => {
    const links = [
      ...route.scripts.map(
        (file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(base + file)}">`,
      ),
      ...route.styles.map(
        (file) =>
          `<link rel="preload" as="style" crossorigin href="${escapeAttribute(base + file)}">`,
      ),
      // Read by the page when it wants them (src/lib/prefetch-listed.ts), not fetched with it.
      ...(route.prefetch?.length
        ? [`<meta name="rpc-prefetch" content="${escapeAttribute(prefetchList(route.prefetch))}">`]
        : []),
    ];
    if (links.length === 0) return shell;
    return shell.replace(/\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
  };

  return (pathname) => {
    const inConsole = `/${pathname.slice(base.length)}`;
    let best: RoutePreload | undefined;
    let bestScore = -1;
    for (const route of routes) {
      const score = matchScore(route.path, inConsole);
      if (score > bestScore) [best, bestScore] = [route, score];
    }
    if (!best) return shell;
    let page = made.get(best.path);
    if (page === undefined) {
      page = pageFor(best);
      made.set(best.path, page);
    }
    return page;
  };
}
