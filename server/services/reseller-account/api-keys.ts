import type { FieldKeys } from '../secrets';
import type { Executor } from '../../db/database';
import { addSeconds, nowIso } from '../clock';
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
    last_used_at: null,
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
  if (!safeEqual(decryptField(fieldKey, row.key_sealed), presented)) return undefined;
  await touchApiKey(db, row.account_id);
  return row.account_id;
}

/**
 * Records that the key opened a call: at most one write a minute per key (the condition makes
 * the other calls of that minute write nothing), so a busy integration costs no write per call.
 */
async function touchApiKey(db: Executor, accountId: string): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', addSeconds(now, -60))]),
    )
    .execute();
}

/** What the API Keys tab shows without the key: when it was made and last used. */
export async function apiKeyUsage(
  db: Executor,
  accountId: string,
): Promise<{ hasKey: boolean; createdAt: string | null; lastUsedAt: string | null }> {
  const row = await db
    .selectFrom('api_keys')
    .select(['created_at', 'last_used_at'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return {
    hasKey: row !== undefined,
    createdAt: row?.created_at ?? null,
    lastUsedAt: row?.last_used_at ?? null,
  };
}
