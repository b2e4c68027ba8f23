import type { Database } from '../../../db/database';
import { nowIso } from '../../clock';
import { decryptField, encryptField } from '../../crypto';
import type { FieldKeys } from '../../secrets';

/** The service provider's signing key and its self-signed certificate (both PEM). */
export interface SpKeys {
  privateKeyPem: string;
  certificatePem: string;
}

const SETTING = 'saml_sp_keys';

interface StoredKeys {
  /** The private key, sealed with the field-encryption key (services/crypto.ts). */
  keySealed: string;
  certificatePem: string;
}

/**
 * The deployment's SAML signing key, made once and kept in the database sealed. Instances
 * starting together may each make one; the insert keeps whichever came first and every
 * instance then reads that one, so all sign with the key the IdPs were given.
 */
export async function spKeys(db: Database, fieldKey: FieldKeys): Promise<SpKeys> {
  const existing = await readKeys(db, fieldKey);
  if (existing) return existing;
  // Loaded only by the one call that makes the deployment's key.
  const { generate } = await import('selfsigned');
  const made = await generate([{ name: 'commonName', value: 'RemotePC console SAML SP' }], {
    keySize: 2048,
    algorithm: 'sha256',
    // Ten years: IdPs pin this certificate, and a rollover means every admin re-pastes it.
    notAfterDate: new Date(Date.now() + 10 * 365 * 86_400_000),
  });
  const stored: StoredKeys = {
    keySealed: encryptField(fieldKey, made.private),
    certificatePem: made.cert,
  };
  await db
    .insertInto('server_settings')
    .values({ name: SETTING, value: JSON.stringify(stored), updated_at: nowIso() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const kept = await readKeys(db, fieldKey);
  if (!kept) throw new Error('The SAML signing key could not be stored');
  return kept;
}

async function readKeys(db: Database, fieldKey: FieldKeys): Promise<SpKeys | undefined> {
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('name', '=', SETTING)
    .executeTakeFirst();
  if (!row) return undefined;
  const stored = JSON.parse(row.value) as StoredKeys;
  return {
    privateKeyPem: decryptField(fieldKey, stored.keySealed),
    certificatePem: stored.certificatePem,
  };
}
