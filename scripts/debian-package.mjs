// Installs a Debian package the tests need when it is missing and this runs as root (the
// project's machines), the way the browser and cluster suites find Chromium and HAProxy.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether `isPresent()` holds, after installing `name` with apt-get if it did not and we may. */
export function installWhenMissing(name, isPresent, about) {
  if (isPresent()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${name} not found: installing Debian's "${name}" package (${about})...`);
    try {
      execSync(
        `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${name}`,
        { stdio: 'inherit' },
      );
    } catch {
      /* the caller says what to do */
    }
  }
  return isPresent();
}
