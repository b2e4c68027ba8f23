// The cluster suite puts three instances behind Debian's HAProxy. Finds it, or installs Debian's
// package when running as root, or says exactly what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const found = () => ['/usr/sbin/haproxy', '/usr/bin/haproxy'].some((path) => existsSync(path));
if (found()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('HAProxy not found: installing Debian\'s "haproxy" package (about 20 s)...');
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy',
      { stdio: 'inherit' },
    );
  } catch {
    /* reported below */
  }
  if (found()) process.exit(0);
}
console.error(
  [
    `${process.env.CI === 'true' ? 'FAIL' : 'SKIPPED the cluster suite'}: HAProxy was not found, and it could not be installed automatically.`,
    'Install it, then run the tests again:',
    '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y haproxy',
  ].join('\n'),
);
// On CI a missing component is a failure; on a developer's machine the suite is skipped loudly.
process.exit(process.env.CI === 'true' ? 1 : 3);
