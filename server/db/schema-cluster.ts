import type { ColumnType, Generated } from 'kysely';

/*
 * What every instance shares: key fingerprints, server settings, rate-limit counters, job runs,
 * the mail outbox and idempotency keys. Column conventions: schema.ts.
 */

/** The first answer to a reseller API POST sent with an Idempotency-Key (plugins/idempotency.ts). */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** SHA-256 of the method, route and body: the same key with another request is refused. */
  request_hash: string;
  /** 'running' while the first request runs, 'done' once its answer is stored. */
  state: 'running' | 'done';
  status_code: number | null;
  content_type: string | null;
  /** The answer's body, sealed with the field key. */
  body_sealed: string | null;
  created_at: string;
  expires_at: string;
}
/** Fingerprints of the shared keys (server/services/cluster/key-fingerprints.ts). */
export interface KeyFingerprintsTable {
  /** The variable that sets the key: 'TOKEN_SECRET' | 'CSRF_SECRET' | 'FIELD_ENCRYPTION_KEY'. */
  name: string;
  fingerprint: string;
  /** 'current' (in force) | 'retired' (replaced by a rotation) */
  state: string;
  recorded_at: string;
}
/** What a running server publishes for the operators' commands (services/server-settings.ts). */
export interface ServerSettingsTable {
  /** 'public_origin' */
  name: string;
  value: string;
  updated_at: string;
}
/** Rate-limit counters every instance shares (server/plugins/rate-limit-store.ts). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch (PostgreSQL answers a bigint as a string). */
  window_ends_at: ColumnType<number | string, number, number>;
}
/** One row per job and time slot: who ran it, and how it ended (server/services/cluster/jobs.ts). */
export interface JobRunsTable {
  job: string;
  slot: string;
  instance: string;
  started_at: string;
  finished_at: string | null;
  outcome: string | null;
}
/** Mail waiting for delivery, or delivered (server/services/mail.ts). */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}
