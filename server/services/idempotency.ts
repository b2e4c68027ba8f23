import type { Executor } from '../db/database';
import {
  IDEMPOTENCY_ABANDONED_SECONDS,
  IDEMPOTENCY_TTL_HOURS,
} from '../../src/domain/api/idempotency';
import type { FieldKeys } from './secrets';
import { addSeconds, nowIso } from './clock';
import { decryptField, encryptField } from './crypto';

export type Claim =
  | { kind: 'first' }
  | { kind: 'reused' }
  | { kind: 'running' }
  | { kind: 'replay'; statusCode: number; contentType: string; body: string };

interface KeyOf {
  accountId: string;
  key: string;
}

/**
 * Claims an idempotency key for a request (by its hash). The primary key decides, on every
 * instance at once: the insert that lands runs the request; everyone else gets its stored answer,
 * a "still running", or a refusal when the key came with another request. An expired key, or
 * one whose first request died with its instance, is taken over by a conditional update.
 */
export async function claimIdempotencyKey(
  db: Executor,
  fieldKey: FieldKeys,
  { accountId, key }: KeyOf,
  requestHash: string,
): Promise<Claim> {
  const now = nowIso();
  const fresh = {
    request_hash: requestHash,
    state: 'running' as const,
    status_code: null,
    content_type: null,
    body_sealed: null,
    created_at: now,
    expires_at: addSeconds(now, IDEMPOTENCY_TTL_HOURS * 3600),
  };
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ account_id: accountId, key, ...fresh })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'first' };

  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return { kind: 'running' }; // swept between the two statements: the client retries
  const isAbandoned =
    row.state === 'running' && row.created_at <= addSeconds(now, -IDEMPOTENCY_ABANDONED_SECONDS);
  if (row.expires_at <= now || isAbandoned) {
    const taken = await db
      .updateTable('idempotency_keys')
      .set(fresh)
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('created_at', '=', row.created_at)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { kind: 'first' } : { kind: 'running' };
  }
  if (row.request_hash !== requestHash) return { kind: 'reused' };
  if (row.state === 'running' || row.status_code === null || row.body_sealed === null) {
    return { kind: 'running' };
  }
  return {
    kind: 'replay',
    statusCode: row.status_code,
    contentType: row.content_type ?? 'application/json; charset=utf-8',
    body: decryptField(fieldKey, row.body_sealed),
  };
}

/** Stores the first request's answer, for the retries to get. */
export async function storeIdempotentAnswer(
  db: Executor,
  fieldKey: FieldKeys,
  { accountId, key }: KeyOf,
  answer: { statusCode: number; contentType: string; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      status_code: answer.statusCode,
      content_type: answer.contentType,
      body_sealed: encryptField(fieldKey, answer.body),
    })
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .execute();
}

/** Frees a key whose request failed on the server's side, so a retry runs it again. */
export async function releaseIdempotencyKey(db: Executor, { accountId, key }: KeyOf) {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .execute();
}

/** The hourly sweep: expired answers go. */
export async function sweepIdempotencyKeys(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<=', nowIso())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
