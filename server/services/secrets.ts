import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config, SharedKeyName } from '../config';

/** A key in force (every new token, MAC or sealed field uses it) and older keys still read. */
export interface Keyring<K> {
  current: K;
  previous: readonly K[];
}

/** The AES-256-GCM keys for fields sealed at rest (32 bytes each). */
export type FieldKeys = Keyring<Buffer>;

export interface Secrets {
  token: Keyring<string>;
  csrf: Keyring<string>;
  fieldKey: FieldKeys;
}

/** Every key of a ring, the one in force first. */
export const keysOf = <K>(ring: Keyring<K>): K[] => [ring.current, ...ring.previous];

/**
 * Where each key comes from. On PostgreSQL every instance must be given the same keys (the
 * environment, or files `<NAME>_FILE` names); a missing one stops the start-up, naming it. On
 * SQLite (one process) a missing key is generated once into DATA_DIR/secrets.json (mode 600),
 * so the embedded start needs no set-up and sessions and sealed fields survive a restart.
 */
export function loadSecrets(config: Config): Secrets {
  const given = config.secrets;
  if (config.databaseUrl) {
    const missing = (
      [
        ['TOKEN_SECRET', given.token],
        ['CSRF_SECRET', given.csrf],
        ['FIELD_ENCRYPTION_KEY', given.fieldKey],
      ] as const
    ).filter(([, value]) => value === undefined);
    if (missing.length > 0) {
      const names = missing.map(([name]) => name).join(', ');
      throw new Error(
        `Missing configuration: ${names}. With DATABASE_URL every instance must share the same ` +
          `keys: set each (or <NAME>_FILE naming a file holding it). See README, ` +
          `"Running several instances".`,
      );
    }
  }
  const stored =
    given.token && given.csrf && given.fieldKey
      ? { token: given.token, csrf: given.csrf, fieldKey: given.fieldKey }
      : generatedOnce(config);
  const previous = given.previous;
  return {
    token: { current: given.token ?? stored.token, previous: previous.token },
    csrf: { current: given.csrf ?? stored.csrf, previous: previous.csrf },
    fieldKey: {
      current: Buffer.from(given.fieldKey ?? stored.fieldKey, 'hex'),
      previous: previous.fieldKey.map((key) => Buffer.from(key, 'hex')),
    },
  };
}

type StoredKeys = Record<'token' | 'csrf' | 'fieldKey', string>;

function generatedOnce(config: Config): StoredKeys {
  const file = path.join(config.dataDir, 'secrets.json');
  const stored: Partial<StoredKeys> = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredKeys>)
    : {};
  const fresh = () => crypto.randomBytes(32).toString('hex');
  const next = {
    token: stored.token ?? fresh(),
    csrf: stored.csrf ?? fresh(),
    fieldKey: stored.fieldKey ?? fresh(),
  };
  if (!stored.token || !stored.csrf || !stored.fieldKey) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  return next;
}

/**
 * A key's fingerprint, kept in the database so instances can tell they share a key without
 * anyone storing the key: an HMAC under the key itself of a fixed label, cut to 16 characters.
 */
export function fingerprintOf(name: SharedKeyName, key: string | Buffer): string {
  return crypto
    .createHmac('sha256', key)
    .update(`rpc-console key fingerprint ${name}`)
    .digest('base64url')
    .slice(0, 16);
}

/** The rings by the environment variable that sets each key. */
export function ringsByName(secrets: Secrets): Record<SharedKeyName, Keyring<string | Buffer>> {
  return {
    TOKEN_SECRET: secrets.token,
    CSRF_SECRET: secrets.csrf,
    FIELD_ENCRYPTION_KEY: secrets.fieldKey,
  };
}
