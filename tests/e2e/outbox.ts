import fs from 'node:fs';
import path from 'node:path';

/**
 * The DATA_DIR of the server under test: the e2e server picks a fresh temporary folder, so it is
 * read from the environment of the process listening for this run (found by its PORT).
 */
export function serverDataDir(): string {
  const port = process.env.E2E_PORT ?? '8090';
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let environ = '';
    try {
      environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue;
    }
    const vars = environ.split('\0');
    if (vars.includes(`PORT=${port}`) && vars.includes('HOST=127.0.0.1')) {
      const dataDir = vars.find((v) => v.startsWith('DATA_DIR='));
      if (dataDir) return dataDir.slice('DATA_DIR='.length);
    }
  }
  throw new Error('The e2e server process was not found');
}

function findMailTo(outbox: string, to: string): string | undefined {
  if (!fs.existsSync(outbox)) return undefined;
  return fs
    .readdirSync(outbox)
    .sort()
    .reverse()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .find((text) => text.includes(`To: ${to}`));
}

/**
 * The newest outbox mail to `to`, with quoted-printable soft line breaks unfolded. Some mails
 * (reset links) are sent just after the answer, so a missing one is looked for again for up to
 * three seconds.
 */
export function latestMailTo(to: string): string {
  const outbox = path.join(serverDataDir(), 'outbox');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const mail = findMailTo(outbox, to);
    if (mail) return mail;
    Atomics.wait(pause, 0, 0, 100);
  }
  throw new Error(`No mail to ${to} in the outbox`);
}
