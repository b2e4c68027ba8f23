import type { FieldKeys } from '../secrets';
import type { Executor } from '../../db/database';
import { nowIso } from '../clock';
import { decryptField, encryptField, randomToken, safeEqual, sha256 } from '../crypto';

/** A new reseller API key: a recognisable prefix and 32 random bytes. */
export const newApiKey = (): string => `rsk_${randomToken(32)}`;

/** The account's key in clear, or undefined when it has none yet. */
export async function readApiKey(
  db: Executor,
  fieldKey: FieldKeys,
  accountId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select('key_sealed')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? decryptField(fieldKey, row.key_sealed) : undefined;
}

/** Replaces the account's key (or creates the first); the old key stops working at once. */
export async function replaceApiKey(
  db: Executor,
  fieldKey: FieldKeys,
  accountId: string,
  userId: string | null,
): Promise<string> {
  const key = newApiKey();
  const values = {
    key_hash: sha256(key),
    key_sealed: encryptField(fieldKey, key),
    created_by: userId,
    created_at: nowIso(),
  };
  await db
    .insertInto('api_keys')
    .values({ account_id: accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
  return key;
}

/**
 * The account a presented key belongs to. Found by the key's hash, then the stored key is
 * compared with the presented one in constant time (a hash collision can never admit a caller).
 */
export async function accountOfApiKey(
  db: Executor,
  fieldKey: FieldKeys,
  presented: string,
): Promise<string | undefined> {
  if (presented.length < 10 || presented.length > 200) return undefined;
  const row = await db
    .selectFrom('api_keys')
    .select(['account_id', 'key_sealed'])
    .where('key_hash', '=', sha256(presented))
    .executeTakeFirst();
  if (!row) return undefined;
  return safeEqual(decryptField(fieldKey, row.key_sealed), presented) ? row.account_id : undefined;
}
