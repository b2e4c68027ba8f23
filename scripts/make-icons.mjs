// Renders the install icons and the install-dialog screenshots from public/icons/*.svg with
// headless Chromium (Playwright). Run after changing an icon: `node scripts/make-icons.mjs`.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium-path.mjs';

const root = new URL('..', import.meta.url).pathname;
const icons = join(root, 'public', 'icons');
const screenshots = join(root, 'public', 'screenshots');
mkdirSync(screenshots, { recursive: true });

const svg = (name) => readFileSync(join(icons, name), 'utf8');
const dataUrl = (text) => `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`;

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu'],
});

async function render(file, width, height, html) {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path: file, omitBackground: true });
  await page.close();
  console.log(`wrote ${file}`);
}

const iconOnly = (name, size) =>
  `<img src="${dataUrl(svg(name))}" width="${size}" height="${size}" style="display:block" alt="">`;

await render(join(icons, 'icon-192.png'), 192, 192, iconOnly('icon.svg', 192));
await render(join(icons, 'icon-512.png'), 512, 512, iconOnly('icon.svg', 512));
await render(join(icons, 'icon-maskable-512.png'), 512, 512, iconOnly('icon-maskable.svg', 512));
await render(join(icons, 'apple-touch-icon.png'), 180, 180, iconOnly('icon-maskable.svg', 180));

// Install-dialog screenshots: the console's frame with its header, navigation and a report list.
function frame({ width, narrow }) {
  const rows = Array.from({ length: narrow ? 6 : 8 }, (_, index) => {
    const day = String(index + 1).padStart(2, '0');
    return `<div style="display:flex;justify-content:space-between;padding:14px 16px;border-bottom:1px solid #dee2e6">
      <span>Invoice INV-2026-11${day}</span><span style="color:#495057">Paid</span><span>$${(49 + index * 12).toFixed(2)}</span></div>`;
  }).join('');
  const nav = narrow
    ? ''
    : `<nav style="width:240px;border-right:1px solid #dee2e6;padding:16px;box-sizing:border-box">
        ${['Home', 'Users', 'Billing', 'Invoices', 'Activity Log', 'Account'].map((item, index) => `<div style="padding:10px 12px;border-radius:6px;${index === 3 ? 'background:#e7f5ff;color:#1864ab;font-weight:600' : ''}">${item}</div>`).join('')}
      </nav>`;
  return `<div style="font-family:system-ui,sans-serif;font-size:16px;color:#212529;background:#fff;width:${width}px;height:100vh;display:flex;flex-direction:column">
    <header style="height:60px;display:flex;align-items:center;gap:12px;padding:0 16px;border-bottom:1px solid #dee2e6">
      ${iconOnly('icon.svg', 36)}<strong style="font-size:18px">RemotePC</strong><span style="color:#495057">Bulk Reseller</span>
    </header>
    <div style="flex:1;display:flex">${nav}
      <main style="flex:1;padding:24px"><h1 style="margin:0 0 16px;font-size:26px">Invoices</h1>
        <div style="border:1px solid #dee2e6;border-radius:8px">${rows}</div></main>
    </div></div>`;
}
await render(join(screenshots, 'wide.png'), 1280, 720, frame({ width: 1280, narrow: false }));
await render(join(screenshots, 'narrow.png'), 390, 844, frame({ width: 390, narrow: true }));

await browser.close();
