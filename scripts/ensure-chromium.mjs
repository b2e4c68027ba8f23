// Browser tests use Debian's headless Chromium (Playwright cannot download its own browsers here).
// Finds it, or installs Debian's package when running as root, or says exactly what to do.
import { existsSync } from 'node:fs';
import { chromiumPath as path } from './chromium-path.mjs';
import { installWhenMissing } from './debian-package.mjs';

if (installWhenMissing('chromium-headless-shell', () => existsSync(path), 'about 30 s'))
  process.exit(0);
console.error(
  [
    `Chromium was not found at ${path}, and it could not be installed automatically.`,
    'Install it, then run the tests again:',
    '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium-headless-shell',
    '  elsewhere:      install Chromium and set CHROMIUM_PATH=/path/to/chromium',
  ].join('\n'),
);
process.exit(1);
