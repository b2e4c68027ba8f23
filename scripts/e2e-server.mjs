// Starts the built server for the browser tests on a fresh temporary SQLite database with demo data.
// E2E_TLS=1 serves it over HTTPS (HTTP/2 first) with a self-signed certificate made here, as a
// deployment with its own certificate would be: clients must accept the certificate.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

const buildDir = process.env.BUILD_DIR ?? '.';
const serverMain = join(buildDir, 'dist-server', 'main.js');
const staticDir = join(buildDir, 'dist');
if (!existsSync(serverMain) || !existsSync(join(staticDir, 'index.html'))) {
  console.error('The console and server are not built: run `npm run build` first.');
  process.exit(1);
}
const port = process.env.E2E_PORT ?? '8090';
const dataDir = mkdtempSync(join(tmpdir(), 'rpc-e2e-'));
const isTls = process.env.E2E_TLS === '1';
const tlsEnv = {};
if (isTls) {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  tlsEnv.TLS_CERT_FILE = join(dataDir, 'cert.pem');
  tlsEnv.TLS_KEY_FILE = join(dataDir, 'key.pem');
  writeFileSync(tlsEnv.TLS_CERT_FILE, pems.cert);
  writeFileSync(tlsEnv.TLS_KEY_FILE, pems.private);
}
const child = spawn(process.execPath, [serverMain], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: `${isTls ? 'https' : 'http'}://127.0.0.1:${port}`,
    ...tlsEnv,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    // Browser tests sign in many times from one address; the limits are tested in the server suite.
    SIGNIN_LIMIT_PER_IP: '10000',
    SIGNIN_LIMIT_PER_ACCOUNT: '10000',
    ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '600',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
