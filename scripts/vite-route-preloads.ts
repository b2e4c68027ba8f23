import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { paths } from '../src/lib/paths';

/**
 * Writes `route-preloads.json` into the build: for each console route (its path under the base),
 * the chunks its screens need (its layouts' and its own, with every chunk they import) and their
 * stylesheets. The server lists them in the page it serves for that path
 * (server/plugins/console-preloads.ts), so the browser fetches them all at once, at the start.
 *
 * Why: Vite's `modulePreload` is off (its lists cost the sign-in page 3 KB of gzip, issue 21), so
 * a screen's chunk was fetched, then what it imports, then what those import: five steps on the
 * partner dashboard, each a network round trip on a phone. Vite has no per-route list of its own.
 *
 * The routes are read from the route files' syntax (TypeScript's parser): each object with a
 * `page: () => import('…')` and a `path` (a `paths.*` name, or a relative string under its
 * parent's path); a route without a path (a layout) adds its page to every route inside it.
 */

const ROUTE_FILES = [
  'src/app/routes-public.tsx',
  'src/app/routes-reseller.ts',
  'src/app/routes-partner.ts',
];

export interface RoutePreload {
  /** The route's path under the console's base, React Router's syntax (`:param`). */
  path: string;
  /** Chunk and stylesheet files, relative to the build's folder. */
  scripts: string[];
  styles: string[];
  /**
   * Chunks the route's screens import later, and only maybe (a chart below the fold): fetched
   * when the network is idle, not run (`<link rel="prefetch">`), so the import finds them cached.
   */
  prefetch: string[];
}

interface FoundRoute {
  path: string;
  /** Absolute source files of the route's layouts, then of its own screen. */
  modules: string[];
}

const propertyOf = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find(
    (p): p is ts.PropertyAssignment =>
      ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
  );

/** The specifier of the `import('…')` inside a `page` property, if any. */
function importOf(node: ts.Node): string | undefined {
  if (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments[0] &&
    ts.isStringLiteral(node.arguments[0])
  ) {
    return node.arguments[0].text;
  }
  return ts.forEachChild(node, importOf);
}

/** A `path` value: `paths.name`, or a string literal. */
function pathValue(initializer: ts.Expression): string | undefined {
  if (ts.isStringLiteral(initializer)) return initializer.text;
  if (ts.isPropertyAccessExpression(initializer) && initializer.expression.getText() === 'paths') {
    return (paths as Record<string, string>)[initializer.name.text];
  }
  return undefined;
}

const joinPath = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`;

/** The source file an import specifier names, with the extension the bundler found. */
function resolveSource(fromFile: string, specifier: string): string {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const found = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext);
  return found.find((file) => fs.existsSync(file)) ?? base;
}

function routesOf(file: string): FoundRoute[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: FoundRoute[] = [];
  const visit = (node: ts.Node, parentPath: string, layouts: string[]): void => {
    if (!ts.isObjectLiteralExpression(node)) {
      ts.forEachChild(node, (child) => visit(child, parentPath, layouts));
      return;
    }
    const page = propertyOf(node, 'page');
    const specifier = page && importOf(page.initializer);
    const module = specifier ? resolveSource(file, specifier) : undefined;
    const pathProperty = propertyOf(node, 'path');
    const own = pathProperty ? pathValue(pathProperty.initializer) : undefined;
    const routePath = own === undefined ? parentPath : joinPath(parentPath, own);
    if (module && own !== undefined) found.push({ path: routePath, modules: [...layouts, module] });
    const inner = module && own === undefined ? [...layouts, module] : layouts;
    ts.forEachChild(node, (child) => visit(child, routePath, inner));
  };
  visit(source, '', []);
  return found;
}

/** A chunk with every chunk it imports statically, in the order they were reached. */
function withImports(chunk: OutputChunk, bundle: OutputBundle, seen: Set<string>): OutputChunk[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const imported = chunk.imports
    .map((name) => bundle[name])
    .filter((item): item is OutputChunk => item?.type === 'chunk');
  return [chunk, ...imported.flatMap((item) => withImports(item, bundle, seen))];
}

/**
 * `prefetch`: source files (from the project's root) of modules the screens import dynamically
 * and that are worth fetching ahead, on the routes whose chunks can import them.
 */
export function routePreloads({ prefetch = [] }: { prefetch?: string[] } = {}): Plugin {
  let root = process.cwd();
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const prefetched = new Set(prefetch.map((file) => path.join(root, file)));
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byModule = new Map(
        chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
      );
      // What index.html loads already (the entry with its imports) is never listed again.
      const loaded = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry))
        withImports(entry, bundle, loaded);
      const preloads: RoutePreload[] = ROUTE_FILES.flatMap((file) =>
        routesOf(path.join(root, file)),
      ).map((route) => {
        const seen = new Set(loaded);
        const needed = route.modules.flatMap((module) => {
          // A screen grouped into a larger chunk (the sign-in page's) is in that chunk.
          const chunk =
            byModule.get(module) ?? chunks.find((item) => item.moduleIds.includes(module));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (${route.path})`);
          return withImports(chunk, bundle, seen);
        });
        const styles = needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        const later = needed
          .flatMap((chunk) => chunk.dynamicImports)
          .map((name) => bundle[name])
          .filter(
            (item): item is OutputChunk =>
              item?.type === 'chunk' && prefetched.has(item.facadeModuleId ?? ''),
          )
          .flatMap((chunk) => withImports(chunk, bundle, seen));
        return {
          path: route.path,
          scripts: needed.map((chunk) => chunk.fileName),
          styles: [...new Set(styles)],
          prefetch: later.map((chunk) => chunk.fileName),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(preloads, null, 1)}\n`,
      });
    },
  };
}
