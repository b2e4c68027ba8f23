import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleShells } from '../../server/plugins/console-preloads';

/** The console's page per route, with the route's chunks listed (server/plugins/console-preloads.ts). */

const SHELL = '<!doctype html>\n<html>\n  <head>\n    <title>Console</title>\n  </head>\n</html>\n';
let dir = '';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-preloads-'));
  fs.writeFileSync(path.join(dir, 'index.html'), SHELL);
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify([
      { path: '/invoice', scripts: ['assets/invoices.js'], styles: ['assets/table.css'] },
      { path: '/invoice/:invoiceID', scripts: ['assets/invoice.js'], styles: [] },
      { path: '/invoice/new', scripts: ['assets/new-invoice.js'], styles: [] },
      {
        path: '/partner/dashboard',
        scripts: ['assets/dashboard.js'],
        styles: [],
        prefetch: ['assets/charts.js', 'assets/d3.js'],
      },
      { path: '/reseller/login', scripts: [], styles: [] },
    ]),
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag);

describe("the console's page for a route", () => {
  it("lists the route's chunks and preloads its stylesheets, in the head", () => {
    const page = consoleShells(dir, '/rpc-app/')('/rpc-app/invoice');
    expect(links(page)).toEqual([
      '<link rel="modulepreload" crossorigin href="/rpc-app/assets/invoices.js">',
      '<link rel="preload" as="style" crossorigin href="/rpc-app/assets/table.css">',
    ]);
    expect(page.indexOf('modulepreload')).toBeLessThan(page.indexOf('</head>'));
  });

  it('names the chunks a screen may want later in a meta tag, not in a link the page fetches', () => {
    const page = consoleShells(dir, '/rpc-app/')('/rpc-app/partner/dashboard');
    expect(links(page)).toEqual([
      '<link rel="modulepreload" crossorigin href="/rpc-app/assets/dashboard.js">',
    ]);
    expect(page).toContain(
      '<meta name="rpc-prefetch" content="/rpc-app/assets/charts.js /rpc-app/assets/d3.js">',
    );
    expect(consoleShells(dir, '/rpc-app/')('/rpc-app/invoice')).not.toContain('rpc-prefetch');
  });

  it('matches a parameter, and prefers a fixed segment to it', () => {
    const shellFor = consoleShells(dir, '/rpc-app/');
    expect(links(shellFor('/rpc-app/invoice/42'))[0]).toContain('assets/invoice.js');
    expect(links(shellFor('/rpc-app/invoice/new'))[0]).toContain('assets/new-invoice.js');
  });

  it('is the page as built for a path no route has, and for a route with nothing to list', () => {
    const shellFor = consoleShells(dir, '/rpc-app/');
    expect(shellFor('/rpc-app/no/such/page')).toBe(SHELL);
    expect(shellFor('/rpc-app/invoice/42/extra')).toBe(SHELL);
    expect(shellFor('/rpc-app/reseller/login')).toBe(SHELL);
  });

  it('is the page as built when the build has no list', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bare-'));
    fs.writeFileSync(path.join(bare, 'index.html'), SHELL);
    expect(consoleShells(bare, '/rpc-app/')('/rpc-app/invoice')).toBe(SHELL);
    fs.rmSync(bare, { recursive: true, force: true });
  });
});
