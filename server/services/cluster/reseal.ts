import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { decryptField, encryptField } from '../crypto';
import type { FieldKeys } from '../secrets';

/** Every column sealed with FIELD_ENCRYPTION_KEY, with the key of its row. */
const SEALED_COLUMNS = [
  { table: 'invitations', key: 'id', column: 'token_sealed' },
  { table: 'partners', key: 'id', column: 'tin_encrypted' },
  { table: 'api_keys', key: 'account_id', column: 'key_sealed' },
  { table: 'twofa_settings', key: 'user_id', column: 'totp_secret_sealed' },
  { table: 'twofa_settings', key: 'user_id', column: 'pending_secret_sealed' },
] as const;

export interface ResealReport {
  resealed: number;
  /** Fields no key of the ring opens: the key that sealed them is not in FIELD_ENCRYPTION_KEY_PREVIOUS. */
  unreadable: number;
}

/**
 * Seals again, with the key in force, every field sealed with a previous key: the last step of a
 * FIELD_ENCRYPTION_KEY rotation, after which the old key can leave FIELD_ENCRYPTION_KEY_PREVIOUS.
 * Each row is updated only if it still holds what was read (an instance writing it meanwhile
 * wins), so it is safe to run while the instances serve. `npm run admin -- reseal-fields`.
 */
export async function resealFields(db: Database, keys: FieldKeys): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, unreadable: 0 };
  const currentOnly: FieldKeys = { current: keys.current, previous: [] };
  for (const { table, key, column } of SEALED_COLUMNS) {
    const { rows } = await sql<{ id: string; sealed: string }>`
      select ${sql.ref(key)} as id, ${sql.ref(column)} as sealed from ${sql.table(table)}
      where ${sql.ref(column)} <> ''`.execute(db);
    for (const row of rows) {
      if (opens(currentOnly, row.sealed)) continue;
      if (!opens(keys, row.sealed)) {
        report.unreadable += 1;
        continue;
      }
      const resealed = encryptField(keys, decryptField(keys, row.sealed));
      const updated = await sql`
        update ${sql.table(table)} set ${sql.ref(column)} = ${resealed}
        where ${sql.ref(key)} = ${row.id} and ${sql.ref(column)} = ${row.sealed}`.execute(db);
      if (Number(updated.numAffectedRows ?? 0n) === 1) report.resealed += 1;
    }
  }
  return report;
}

function opens(keys: FieldKeys, sealed: string): boolean {
  try {
    decryptField(keys, sealed);
    return true;
  } catch {
    return false;
  }
}
