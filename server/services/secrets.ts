import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface Secrets {
  token: string;
  csrf: string;
  /** 32-byte key for AES-256-GCM field encryption. */
  fieldKey: Buffer;
}

/**
 * Secrets come from the environment; any that is missing is generated once into
 * DATA_DIR/secrets.json (mode 600) so sessions and encrypted fields survive a restart.
 */
export function loadSecrets(config: Config): Secrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Partial<Record<'token' | 'csrf' | 'fieldKey', string>> = {};
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof stored;
  }
  const next = {
    token: config.secrets.token ?? stored.token ?? crypto.randomBytes(32).toString('hex'),
    csrf: config.secrets.csrf ?? stored.csrf ?? crypto.randomBytes(32).toString('hex'),
    fieldKey: config.secrets.fieldKey ?? stored.fieldKey ?? crypto.randomBytes(32).toString('hex'),
  };
  const needsWrite =
    (!config.secrets.token && !stored.token) ||
    (!config.secrets.csrf && !stored.csrf) ||
    (!config.secrets.fieldKey && !stored.fieldKey);
  if (needsWrite) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...stored, ...next }, null, 2), { mode: 0o600 });
  }
  return { token: next.token, csrf: next.csrf, fieldKey: Buffer.from(next.fieldKey, 'hex') };
}
