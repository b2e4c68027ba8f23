// The cluster suite puts three instances behind Debian's HAProxy. Finds it, or installs Debian's
// package when running as root, or says exactly what to do.
import { existsSync } from 'node:fs';
import { installWhenMissing } from './debian-package.mjs';

const found = () => ['/usr/sbin/haproxy', '/usr/bin/haproxy'].some((path) => existsSync(path));
if (installWhenMissing('haproxy', found, 'about 20 s')) process.exit(0);
const outcome = process.env.CI === 'true' ? 'FAIL' : 'SKIPPED the cluster suite';
console.error(
  [
    `${outcome}: HAProxy was not found, and it could not be installed automatically.`,
    'Install it, then run the tests again:',
    '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y haproxy',
  ].join('\n'),
);
// On CI a missing component is a failure; on a developer's machine the suite is skipped loudly.
process.exit(process.env.CI === 'true' ? 1 : 3);
