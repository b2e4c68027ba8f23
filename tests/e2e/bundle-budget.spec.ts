import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUDGETS,
  chunkSizes,
  missingMantineStyles,
  precacheFigures,
  routeScripts,
  signInScripts,
} from '../../scripts/bundle-figures.mjs';
import { expect, test } from './fixtures';

/** The build these tests run against (see scripts/e2e-server.mjs). */
const distDir = join(process.env.BUILD_DIR ?? '.', 'dist');

/**
 * The sources of a route's first download that match `pattern`, by script: each script the page
 * lists (its frame's chunk included, checked for its `console-` name) read through its source map.
 * The bundler's runtime has no source map, and no component code.
 */
function matchingSources(path: string, pattern: RegExp): Record<string, string[]> {
  const scripts = routeScripts(distDir).find((entry) => entry.path === path)?.scripts ?? [];
  expect(scripts.join(' '), path).toMatch(/assets\/console-/);
  const found: Record<string, string[]> = {};
  for (const script of scripts.filter((name) => existsSync(join(distDir, `${name}.map`)))) {
    const map = JSON.parse(readFileSync(join(distDir, `${script}.map`), 'utf8')) as {
      sources: string[];
    };
    const matching = map.sources.filter((source) => pattern.test(source));
    if (matching.length > 0) found[script] = matching;
  }
  return found;
}

test.describe('Bundle budgets', () => {
  test('no chunk is over 100 KB gzip', () => {
    const over = chunkSizes(distDir).filter(({ kb }) => kb > BUDGETS.chunkKb);
    expect(over).toEqual([]);
  });

  test('the precache stays under 2 MB, on disk and as downloaded', () => {
    const { diskKb, downloadKb } = precacheFigures(distDir);
    expect(diskKb).toBeLessThan(BUDGETS.precacheKb);
    expect(downloadKb).toBeLessThan(BUDGETS.precacheKb);
  });

  test('every Mantine class the built JavaScript uses has its stylesheet', () => {
    // A name here is a file to import in src/app/mantine-styles.ts.
    expect(missingMantineStyles(distDir)).toEqual([]);
  });

  test('the sign-in page loads at most 130 KB gzip of JavaScript before it is interactive', async ({
    page,
    baseURL,
  }) => {
    const scripts = await signInScripts(page, baseURL ?? '', distDir);
    const total = scripts.reduce((sum, { kb }) => sum + kb, 0);
    // Only what the page needs: the toasts, the service worker and the charts come later.
    const names = scripts.map(({ path }) => path).join(' ');
    expect(names).not.toMatch(/workbox|charts|Combination|Radio/);
    expect(total).toBeLessThanOrEqual(BUDGETS.signInKb);
  });

  test('a signed-in page without menus or dialogs paints without the overlays', () => {
    // The account menu and the dialogs' provider load after the first paint (issue 21). A Menu,
    // Modal, Tooltip or ScrollArea imported into the frame again would land either in a chunk
    // these pages list or in the frame's own chunk: both are checked, the latter by its sources.
    const overlay = /@floating-ui|components\/(Popover|Menu|Modal|ModalBase|Tooltip|ScrollArea)\//;
    for (const path of ['/home', '/partner/dashboard']) {
      expect(matchingSources(path, overlay), path).toEqual({});
    }
  });

  test('a table page without menus or dialogs paints without floating-ui', () => {
    // Every Table imports ScrollArea, which imported floating-ui to merge two refs: the invoice
    // list downloaded its 20 KB gzip before the first paint. That import is resolved to Mantine's
    // own hook (scrollAreaMergeRefs in vite.config.ts); a Mantine upgrade that imports another
    // floating-ui function there would bring it back, and fail this.
    for (const path of ['/invoice', '/transactions/preview']) {
      expect(matchingSources(path, /@floating-ui/), path).toEqual({});
    }
  });

  test('a screen without forms does not load the reseller rule book', () => {
    // The frame reads the role table (roles.ts) for its navigation; importing it from
    // reseller-users.ts again would bring the user rules and their zod schemas, built at start-up,
    // into every signed-in screen's first download (issue 21). The home reads the table the same
    // way; the invoice and transaction reports read their contracts from domain/api/invoices.ts,
    // not billing.ts, whose forms read the rule book.
    const ruleBook =
      /src\/domain\/(validation|rules|rule-kit)\.ts$|src\/domain\/api\/reseller-users\.ts$/;
    for (const path of ['/partner/dashboard', '/home', '/invoice', '/transactions/preview']) {
      expect(matchingSources(path, ruleBook), path).toEqual({});
    }
  });

  test('a measured signed-in page requests few files before its first paint', () => {
    // Over plain HTTP/1.1 a browser fetches six files at a time, so each further round of small
    // chunks delays the first paint by a round trip (issue 21). The parts most screens share
    // travel as one chunk (page-parts in vite.config.ts); left to automatic splitting they were
    // 16, 19 and 22 files; without the rule book, the home and the invoice list take one less.
    const budgets: Record<string, number> = { '/home': 7, '/partner/dashboard': 9, '/invoice': 13 };
    const routes = routeScripts(distDir);
    for (const [path, budget] of Object.entries(budgets)) {
      const scripts = routes.find((entry) => entry.path === path)?.scripts ?? [];
      expect(scripts.length, `${path}: ${scripts.join(' ')}`).toBeGreaterThan(0);
      expect(scripts.length, `${path}: ${scripts.join(' ')}`).toBeLessThanOrEqual(budget);
    }
  });
});
