import { z } from 'zod';

/**
 * Idempotency keys on the reseller API's POST calls (as Stripe has them): a client sends
 * `Idempotency-Key: <its own unique value>`, and a retry with the same key and the same request
 * gets the first answer again (with `Idempotent-Replayed: true`) instead of doing the work twice.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key's first answer is kept. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A first request still marked running after this long died with its instance: a retry may take
 * the key over (no reseller API call runs anywhere near this long).
 */
export const IDEMPOTENCY_ABANDONED_SECONDS = 60;

/** Texts the spec does not give (chosen). */
export const idempotencyMessages = {
  invalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  reused:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still running. Retry in a few seconds.',
} as const;

export const idempotencyErrorCodes = {
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_KEY_RUNNING: 'IDEMPOTENCY_KEY_RUNNING',
} as const;

/** A UUID is the usual choice; anything printable up to 255 characters is accepted. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, { error: idempotencyMessages.invalid });
