// Browser tests use Debian's Chromium (Playwright cannot download its own browsers here).
// Finds it, or installs Debian's package when running as root, or says exactly what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium not found: installing Debian\'s "chromium" package (about 30 s)...');
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
      {
        stdio: 'inherit',
      },
    );
  } catch {
    /* reported below */
  }
  if (existsSync(path)) process.exit(0);
}
console.error(
  [
    `Chromium was not found at ${path}, and it could not be installed automatically.`,
    'Install it, then run the tests again:',
    '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium',
    '  elsewhere:      install Chromium and set CHROMIUM_PATH=/path/to/chromium',
  ].join('\n'),
);
process.exit(1);
