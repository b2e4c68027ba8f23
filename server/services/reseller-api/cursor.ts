import { z } from 'zod';
import { errorCodes } from '../../../src/domain/api/envelope';
import { paginationMessages } from '../../../src/domain/api/reseller-api-pagination';
import { AppError } from '../../app-error';
import { hmac, safeEqual } from '../crypto';
import { keysOf, type Keyring } from '../secrets';

export type KeyValue = string | number;

/** Whose list a cursor walks: a cursor works on that list of that account only. */
export interface CursorScope {
  list: 'users' | 'computers' | 'groups';
  accountId: string;
}

/** The sort a cursor was made under, and the sort key of the last row it answered. */
export interface CursorPosition {
  sort: string;
  order: 'asc' | 'desc';
  key: readonly KeyValue[];
}

const payloadSchema = z.object({
  s: z.string().max(40),
  o: z.enum(['asc', 'desc']),
  k: z
    .array(z.union([z.string().max(400), z.number()]))
    .min(1)
    .max(4),
  m: z.string().max(100),
});

// The MAC makes a cursor tamper-proof and binds it to its list and account: another account's
// cursor (or an edited one) is refused as malformed, and so tells its holder nothing.
const macOf = (secret: string, scope: CursorScope, body: string) =>
  hmac(secret, `reseller-api-cursor|${scope.list}|${scope.accountId}|${body}`).slice(0, 32);

const bodyOf = (position: CursorPosition) =>
  JSON.stringify({ s: position.sort, o: position.order, k: position.key });

/** The opaque cursor (base64url) of a position. */
export function encodeCursor(
  secrets: Keyring<string>,
  scope: CursorScope,
  position: CursorPosition,
): string {
  const body = bodyOf(position);
  const payload = { ...(JSON.parse(body) as object), m: macOf(secrets.current, scope, body) };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

const refused = (message: string) =>
  new AppError(errorCodes.RULE_FAILED, message, { field: 'cursor' });

/**
 * The sort key a cursor carries, for the sort the request asks for. A cursor this list did not
 * give out, or one made under another sort, is refused with the envelope (never read as "from
 * the start", which would repeat rows a client already has).
 */
export function decodeCursor(
  secrets: Keyring<string>,
  scope: CursorScope,
  cursor: string,
  expected: { sort: string; order: 'asc' | 'desc'; keyLength: number },
): KeyValue[] {
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw refused(paginationMessages.cursor);
  }
  const body = bodyOf({ sort: parsed.s, order: parsed.o, key: parsed.k });
  // Keys in force or recently retired: a key rotation does not break a walk half done.
  const isOurs = keysOf(secrets).some((secret) => safeEqual(macOf(secret, scope, body), parsed.m));
  if (!isOurs || parsed.k.length !== expected.keyLength) throw refused(paginationMessages.cursor);
  if (parsed.s !== expected.sort || parsed.o !== expected.order) {
    throw refused(paginationMessages.otherSort);
  }
  return parsed.k;
}
